/**
 * PDF picker on Ark FileUpload (spec section 5 "Uploads": PDF only, otherwise 'Error: Se requiere un archivo PDF').
 * It only picks the file; the caller uploads it (src/api apiUpload reports the byte progress).
 */
import { FileUpload as ArkFileUpload } from '@ark-ui/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { FILE_UPLOAD_TRANSLATIONS } from './arkTexts'
import { UploadIcon } from './screenIcons'

const UPLOAD_MESSAGES = {
  notPdf: 'Error: Se requiere un archivo PDF',
  tooLarge: (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB`,
  tooMany: (max: number) => `Se pueden elegir hasta ${max} archivos a la vez`,
} as const

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name)
}

export interface FileUploadProps {
  label: ReactNode
  buttonLabel?: ReactNode
  onFile: (file: File) => void
  /** Receives the Spanish reason of a refused file. */
  onReject: (reason: string) => void
  disabled?: boolean
  /** Image pickers (profile photo) pass their own accept list. */
  accept?: Record<string, string[]>
  /**
   * 'caller': every picked file goes to `onFile`, whatever its type, because the caller's machine holds the type
   * rule and shows its own refusal; the file dialog still offers PDFs (or `accept`) first. Default 'component'.
   */
  typeCheck?: 'component' | 'caller'
  /** The id of the text that says why the picker is disabled (read with the button by screen readers). */
  describedBy?: string | undefined
  /** Several files at once (the photos of a document's pages); they all go to `onFiles`. Default 1. */
  maxFiles?: number
  /** With `maxFiles` > 1: every picked file, in one call. */
  onFiles?: (files: File[]) => void
  /** Phones open this camera at once instead of offering the gallery ('Agregar página'). */
  capture?: 'user' | 'environment'
}

export function FileUpload({
  label,
  buttonLabel = 'Cargar archivo',
  onFile,
  onReject,
  disabled,
  accept,
  typeCheck = 'component',
  describedBy,
  maxFiles = 1,
  onFiles,
  capture,
}: FileUploadProps) {
  const maxMb = getRuntimeConfig().maxUploadMb
  const pdfOnly = !accept && typeCheck === 'component'
  const acceptList = accept ?? { 'application/pdf': ['.pdf'] }
  return (
    <ArkFileUpload.Root
      maxFiles={maxFiles}
      {...(capture ? { capture } : {})}
      maxFileSize={maxMb * 1024 * 1024}
      accept={typeCheck === 'caller' ? undefined : acceptList}
      disabled={disabled}
      translations={FILE_UPLOAD_TRANSLATIONS}
      onFileAccept={(details) => {
        if (onFiles) {
          if (details.files.length) onFiles(details.files)
          return
        }
        const file = details.files[0]
        if (!file) return
        if (pdfOnly && !isPdf(file)) onReject(UPLOAD_MESSAGES.notPdf)
        else onFile(file)
      }}
      onFileReject={(details) => {
        const errors = details.files.flatMap((rejection) => rejection.errors)
        if (errors.length === 0) return
        if (errors.includes('FILE_TOO_LARGE')) onReject(UPLOAD_MESSAGES.tooLarge(maxMb))
        else onReject(errors.includes('TOO_MANY_FILES') ? UPLOAD_MESSAGES.tooMany(maxFiles) : UPLOAD_MESSAGES.notPdf)
      }}
      className={css({ display: 'grid', gap: '2' })}
    >
      <ArkFileUpload.Label className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{label}</ArkFileUpload.Label>
      <ArkFileUpload.Trigger className={button({ variant: 'secondary', size: 'md' })} aria-describedby={describedBy}>
        <UploadIcon size={18} />
        {buttonLabel}
      </ArkFileUpload.Trigger>
      <ArkFileUpload.HiddenInput
        data-testid="file-input"
        accept={typeCheck === 'caller' ? Object.entries(acceptList).flatMap(([type, ext]) => [type, ...ext]).join(',') : undefined}
      />
    </ArkFileUpload.Root>
  )
}
