/**
 * One running upload's progress (issue 22): the bar with bytes sent of the total ('1.2 de 3.0 MB'), the time left,
 * what is happening when it is not sending (dropped connection, paused), and 'Pausar carga' / 'Reanudar carga' /
 * 'Cancelar carga'. Everything it shows comes from its props (the screen's machine); it decides nothing.
 */
import { css } from 'styled-system/css'
import { Button, Progress } from '../../ui'
import { bytesOfTotal, timeLeft, UPLOAD_PROGRESS_TEXTS as T } from './uploadFormat'
import { useTimeLeft } from './useTimeLeft'

export interface UploadProgressPanelProps {
  label: string
  loaded: number
  total: number
  phase: 'sending' | 'dropped' | 'paused'
  /** Without them there is no 'Pausar carga' (an upload that only goes on or is cancelled). */
  onPause?: () => void
  onResume?: () => void
  onCancel: () => void
}

export function UploadProgressPanel({ label, loaded, total, phase, onPause, onResume, onCancel }: UploadProgressPanelProps) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0
  const seconds = useTimeLeft(loaded, total, phase === 'sending')
  const detail = phase === 'paused' ? T.paused : phase === 'dropped' ? T.dropped : (timeLeft(seconds) ?? T.estimating)
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <Progress label={label} value={percent} max={100} valueText={bytesOfTotal(loaded, total)} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted', margin: 0 })}>{detail}</p>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        {phase === 'paused' && onResume ? (
          <Button variant="secondary" size="sm" onClick={onResume}>
            {T.resume}
          </Button>
        ) : onPause ? (
          <Button variant="secondary" size="sm" onClick={onPause}>
            {T.pause}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </div>
  )
}
