/**
 * A running upload of a screen that sends one file (dictamen, invoice, profile photo; issue 22): the same progress
 * panel as the collaborator's slots (bytes of the total, time left, 'Cancelar carga'), fed by the screen's byte store,
 * with the polite live region announcing 25 %, 50 %, 75 %.
 */
import { UploadProgressPanel } from './UploadProgressPanel'
import { UploadAnnouncer } from './UploadAnnouncer'
import { useSentBytes, type ByteProgress } from './byteProgress'

export function RunningUpload({ label, name, progress, onCancel }: { label: string; name: string; progress: ByteProgress; onCancel: () => void }) {
  const { loaded, total } = useSentBytes(progress)
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0
  return (
    <>
      <UploadProgressPanel label={label} loaded={loaded} total={total} phase="sending" onCancel={onCancel} />
      <UploadAnnouncer label={name} progress={percent} stored={null} />
    </>
  )
}
