/**
 * Traversal samples of each registered machine (see TraversalSamples in tools/machineGraph/traversal.ts), by
 * machine id: sample events for event types that carry data and for invoke results whose `output` the machine
 * reads, the `input` it starts from, and `contextKey` for machines whose context never repeats. `npm run paths`
 * walks a machine with them, and the model tests in tests/machines walk it with the same ones, so QA's paths and
 * the tests' paths start from one copy of the fixtures. A machine without an entry is walked with bare `{ type }`
 * events.
 *
 * Why the samples live here and the tests import them, rather than beside the tests in tests/machines: tools/ may
 * import machines/, domain/, xstate and Node only (tests/architecture/imports.test.ts), while tests may import
 * anything. Keeping them out of ./machineCatalog.ts keeps them out of the app's bundle: the /administrador/flujos
 * screen needs the machines, not their fixtures.
 *
 * Keep samples few: each distinct context they produce is a new state for the path generator.
 */
import type { TraversalSamples } from '../machineGraph/traversal'
import { assignProviderSamples } from './samples/assignProvider.samples'
import { bulkApprovalSamples } from './samples/bulkApproval.samples'
import { claimDocumentsSamples } from './samples/claimDocuments.samples'
import { claimLifecycleSamples } from './samples/claimLifecycle.samples'
import { claimRecordSamples } from './samples/claimRecord.samples'
import { collaboratorClaimSamples } from './samples/collaboratorClaim.samples'
import { collaboratorLoginSamples } from './samples/collaboratorLogin.samples'
import { collaboratorUploadSamples } from './samples/collaboratorUpload.samples'
import { documentUploadSamples } from './samples/documentUpload.samples'
import { commentSamples } from './samples/comment.samples'
import { dictaminationSamples } from './samples/dictamination.samples'
import { documentViewerSamples } from './samples/documentViewer.samples'
import { documentVerificationSamples } from './samples/documentVerification.samples'
import { executiveFormSamples } from './samples/executiveForm.samples'
import { invoiceApprovalSamples } from './samples/invoiceApproval.samples'
import { invoiceUploadSamples } from './samples/invoiceUpload.samples'
import { letterFormSamples } from './samples/letterForm.samples'
import { loginSamples } from './samples/login.samples'
import { newClaimSamples } from './samples/newClaim.samples'
import { notificationsSamples } from './samples/notifications.samples'
import { procedureSearchSamples } from './samples/procedureSearch.samples'
import { profileDataSamples } from './samples/profileData.samples'
import { pagedListSamples } from './samples/pagedList.samples'
import { profilePhotoSamples } from './samples/profilePhoto.samples'
import { providerFormSamples } from './samples/providerForm.samples'
import { reportSamples } from './samples/report.samples'
import { scanDocumentSamples } from './samples/scanDocument.samples'
import { serviceLevelsSamples } from './samples/serviceLevels.samples'
import { sessionSamples } from './samples/session.samples'

export const traversalSamples: Readonly<Record<string, TraversalSamples>> = {
  assignProvider: assignProviderSamples,
  bulkApproval: bulkApprovalSamples,
  claimDocuments: claimDocumentsSamples,
  claimLifecycle: claimLifecycleSamples,
  claimRecord: claimRecordSamples,
  collaboratorClaim: collaboratorClaimSamples,
  collaboratorLogin: collaboratorLoginSamples,
  collaboratorUpload: collaboratorUploadSamples,
  documentUpload: documentUploadSamples,
  comment: commentSamples,
  dictamination: dictaminationSamples,
  documentVerification: documentVerificationSamples,
  documentViewer: documentViewerSamples,
  executiveForm: executiveFormSamples,
  invoiceApproval: invoiceApprovalSamples,
  invoiceUpload: invoiceUploadSamples,
  letterForm: letterFormSamples,
  login: loginSamples,
  newClaim: newClaimSamples,
  notifications: notificationsSamples,
  procedureSearch: procedureSearchSamples,
  profileData: profileDataSamples,
  pagedList: pagedListSamples,
  profilePhoto: profilePhotoSamples,
  scanDocument: scanDocumentSamples,
  providerForm: providerFormSamples,
  report: reportSamples,
  serviceLevels: serviceLevelsSamples,
  session: sessionSamples,
}

/** The samples of a machine, or none (`{}`): every event offered as `{ type }`. */
export function samplesFor(machineId: string): TraversalSamples {
  return traversalSamples[machineId] ?? {}
}
