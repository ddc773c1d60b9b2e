/**
 * The fonts of the official documents: the Noto family (Google's, SIL Open Font License), one face per script,
 * installed by `npm install` from the npm registry as TrueType files (@expo-google-fonts/noto-sans*). TrueType
 * because pdf-lib subsets glyf outlines reliably (its CFF subsetting is known to break fonts), and per script
 * because Noto ships no single face with every script: Latin, Greek and Cyrillic are in Noto Sans; Arabic, Hebrew,
 * Devanagari, Chinese (with Japanese kana) and Korean each have their own.
 *
 * A face is read and parsed once per process and only when a text needs it: the Chinese face is 10 MB and takes
 * about 0.7 s to parse, which a Spanish-only letter never pays.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import fontkit from '@cantoo/fontkit'
import type { Font } from '@cantoo/fontkit'

export type FamilyId = 'latin' | 'arabic' | 'hebrew' | 'devanagari' | 'chinese' | 'korean'
export type Weight = 'regular' | 'bold'

/** Package and face name of each family (files are `<package>/<400Regular|700Bold>/<Face>_<same>.ttf`). */
const FAMILIES: Record<FamilyId, { pkg: string; face: string }> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', face: 'NotoSans' },
  arabic: { pkg: '@expo-google-fonts/noto-sans-arabic', face: 'NotoSansArabic' },
  hebrew: { pkg: '@expo-google-fonts/noto-sans-hebrew', face: 'NotoSansHebrew' },
  devanagari: { pkg: '@expo-google-fonts/noto-sans-devanagari', face: 'NotoSansDevanagari' },
  chinese: { pkg: '@expo-google-fonts/noto-sans-sc', face: 'NotoSansSC' },
  korean: { pkg: '@expo-google-fonts/noto-sans-kr', face: 'NotoSansKR' },
}

/** The order in which families are asked for a character no script rule assigns (Latin first: it is the letter's). */
export const FAMILY_ORDER: readonly FamilyId[] = ['latin', 'arabic', 'hebrew', 'devanagari', 'chinese', 'korean']

const require = createRequire(import.meta.url)
const WEIGHT_FOLDER: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' }

function fontFile(family: FamilyId, weight: Weight): string {
  const { pkg, face } = FAMILIES[family]
  const folder = WEIGHT_FOLDER[weight]
  return path.join(path.dirname(require.resolve(pkg)), folder, `${face}_${folder}.ttf`)
}

const bytesCache = new Map<string, Uint8Array>()
const parsedCache = new WeakMap<Uint8Array, Font>()

/** The bytes of one face (read once). pdf-lib embeds from these. */
export function fontBytes(family: FamilyId, weight: Weight): Uint8Array {
  const file = fontFile(family, weight)
  let bytes = bytesCache.get(file)
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(file))
    bytesCache.set(file, bytes)
  }
  return bytes
}

function parse(bytes: Uint8Array): Font {
  let font = parsedCache.get(bytes)
  if (!font) {
    font = fontkit.create(bytes) as Font
    parsedCache.set(bytes, font)
  }
  return font
}

const faces = new Map<string, Font>()

/** The parsed face (for coverage checks and measuring; asked for every character, so kept by name). */
export function fontOf(family: FamilyId, weight: Weight = 'regular'): Font {
  const name = `${family}/${weight}`
  let font = faces.get(name)
  if (!font) {
    font = parse(fontBytes(family, weight))
    faces.set(name, font)
  }
  return font
}

/**
 * fontkit for pdf-lib's `registerFontkit`, parsing each face once per process instead of once per document: pdf-lib
 * calls `create` with the very bytes `fontBytes` returned, and a parsed face is only read from when subsetting.
 */
export const cachedFontkit = { create: (bytes: Uint8Array) => parse(bytes) }
