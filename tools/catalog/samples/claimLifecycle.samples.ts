import type { TraversalSamples } from '../../machineGraph/traversal'

export const claimLifecycleSamples = {
  events: [
    { type: 'document.upload', tipo: 1 },
    { type: 'document.upload', tipo: 2 },
    { type: 'document.upload', tipo: 3 },
    { type: 'documents.verify', statuses: { '1': 2, '2': 4, '3': 2 } },
    { type: 'documents.verify', statuses: { '1': 2, '2': 3, '3': 4 } },
    { type: 'document.comment', tipo: 2, status: 4 },
    { type: 'dictamen.save', approved: true },
    { type: 'dictamen.save', approved: false },
  ],
} satisfies TraversalSamples
