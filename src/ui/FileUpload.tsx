/**
 * PDF picker on Ark FileUpload (spec section 5 "Uploads": PDF only, otherwise 'Error: Se requiere un archivo PDF').
 * It only picks the file; the caller uploads it (src/api apiUpload reports the byte progress).
 */
import { FileUpload as ArkFileUpload } from '@ark-ui/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { getRuntimeConfig } from '../lib/runtimeConfig'
import { UploadIcon } from './icons'

export const UPLOAD_MESSAGES = {
  notPdf: 'Error: Se requiere un archivo PDF',
  tooLarge: (mb: number) => `El archivo supera el tamaño máximo de ${mb} MB`,
} as const

export function isPdf(file: File): boolean {
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
}

export function FileUpload({ label, buttonLabel = 'Cargar archivo', onFile, onReject, disabled, accept }: FileUploadProps) {
  const maxMb = getRuntimeConfig().maxUploadMb
  const pdfOnly = !accept
  return (
    <ArkFileUpload.Root
      maxFiles={1}
      maxFileSize={maxMb * 1024 * 1024}
      accept={accept ?? { 'application/pdf': ['.pdf'] }}
      disabled={disabled}
      onFileAccept={(details) => {
        const file = details.files[0]
        if (!file) return
        if (pdfOnly && !isPdf(file)) onReject(UPLOAD_MESSAGES.notPdf)
        else onFile(file)
      }}
      onFileReject={(details) => {
        const errors = details.files.flatMap((rejection) => rejection.errors)
        if (errors.length === 0) return
        onReject(errors.includes('FILE_TOO_LARGE') ? UPLOAD_MESSAGES.tooLarge(maxMb) : UPLOAD_MESSAGES.notPdf)
      }}
      className={css({ display: 'grid', gap: '2' })}
    >
      <ArkFileUpload.Label className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{label}</ArkFileUpload.Label>
      <ArkFileUpload.Trigger className={button({ variant: 'secondary', size: 'md' })}>
        <UploadIcon size={18} />
        {buttonLabel}
      </ArkFileUpload.Trigger>
      <ArkFileUpload.HiddenInput data-testid="file-input" />
    </ArkFileUpload.Root>
  )
}
