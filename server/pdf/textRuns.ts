/**
 * How a line of text is drawn with the Noto faces (fontFamilies.ts): which face prints each character, which
 * characters no face prints, and the order of the runs on the line.
 *
 * Each character goes to the face of its script; characters of no script (spaces, digits, punctuation, combining
 * marks) stay in the face of the run they are in when it has them, so 'محمد، ٢' is one Arabic run. Line order is
 * the Unicode bidirectional algorithm's (bidi-js, paragraph direction left-to-right: the letter is Spanish): a
 * Hebrew or Arabic run keeps its words right to left, a number inside it left to right, and the runs around it in
 * place. Inside a run pdf-lib shapes the text with fontkit, which joins Arabic letters, forms Devanagari conjuncts,
 * and itself reverses the glyphs of a right-to-left script.
 */
import bidiFactory from 'bidi-js'
import { FAMILY_ORDER, fontOf, type FamilyId } from './fontFamilies'

const bidi = bidiFactory()

const SCRIPT_FAMILY: readonly [RegExp, FamilyId][] = [
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u, 'chinese'],
  [/\p{Script=Hangul}/u, 'korean'],
]
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u
const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u
/** Invisible characters (joiners, direction marks, variation selectors): dropped when the run's face lacks them. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u
/** What a line holds of spacing: one plain space each (the letter has no tabs or line breaks inside a value). */
const SPACING = /[\r\n\t\u00a0\u2007\u202f]/g

const has = (family: FamilyId, char: string) => fontOf(family).hasGlyphForCodePoint(char.codePointAt(0)!)

/** The face that prints `char` (preferring `current` for characters of no script), or null when none does. */
function familyFor(char: string, current: FamilyId | null): FamilyId | null {
  for (const [script, family] of SCRIPT_FAMILY) if (script.test(char)) return has(family, char) ? family : anyFamily(char)
  if (current && NO_SCRIPT.test(char) && has(current, char)) return current
  return anyFamily(char)
}

const anyFamily = (char: string): FamilyId | null => FAMILY_ORDER.find((family) => has(family, char)) ?? null

/** The distinct characters of `text` that no face prints (invisible ones excepted), in order of appearance. */
export function unprintableCharacters(text: string): string[] {
  const found = new Set<string>()
  for (const char of text.replace(SPACING, ' ')) {
    if (IGNORABLE.test(char) || char === ' ') continue
    if (anyFamily(char) === null) found.add(char)
  }
  return [...found]
}

/** The faces a text needs (Latin always: the letter's own words are Spanish). */
export function familiesIn(text: string): Set<FamilyId> {
  const families = new Set<FamilyId>(['latin'])
  let current: FamilyId | null = null
  for (const char of text.replace(SPACING, ' ')) {
    current = familyFor(char, current) ?? current
    if (current) families.add(current)
  }
  return families
}

export interface TextRun {
  text: string
  family: FamilyId
  /** Odd bidi level: a right-to-left run. */
  rtl: boolean
}

interface LogicalRun extends TextRun {
  level: number
}

/** Characters with their face and bidi level, grouped into runs in reading (logical) order. */
function logicalRuns(line: string): LogicalRun[] {
  const { levels } = bidi.getEmbeddingLevels(line, 'ltr')
  const runs: LogicalRun[] = []
  let current: FamilyId | null = null
  let index = 0
  for (const original of line) {
    const level = levels[index]!
    index += original.length
    let char = original
    let family = familyFor(char, current)
    if (family === null) {
      if (IGNORABLE.test(char)) continue
      // Stored before input refused what no face prints: shown as '?' rather than failing the whole document.
      char = '?'
      family = 'latin'
    }
    current = family
    const last = runs.at(-1)
    if (last && last.family === family && last.level === level) last.text += char
    else runs.push({ text: char, family, level, rtl: level % 2 === 1 })
  }
  return runs
}

/** Reverses a run's characters (mirroring brackets) when fontkit will not: a right-to-left run of no RTL script. */
function reversedRun(run: LogicalRun): string {
  return Array.from(run.text)
    .reverse()
    .map((char) => bidi.getMirroredCharacter(char) ?? char)
    .join('')
}

/**
 * The runs of one line in drawing order, left to right (rule L2 of the bidi algorithm: from the highest level to
 * the lowest odd one, reverse every sequence of runs at that level or above).
 */
export function visualRuns(value: string): TextRun[] {
  const runs = logicalRuns(value.replace(SPACING, ' '))
  if (runs.length === 0) return []
  const highest = Math.max(...runs.map((run) => run.level))
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Infinity)))
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue
      let end = start
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse())
      start = end
    }
  }
  return runs.map((run) => ({
    family: run.family,
    rtl: run.rtl,
    text: run.rtl && !RIGHT_TO_LEFT_SCRIPT.test(run.text) ? reversedRun(run) : run.text,
  }))
}
