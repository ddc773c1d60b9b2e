/** Chunk of the provider's area (spec 2.7). */
export { ProviderClaimsPage } from '../../features/providerArea/ProviderClaimsPage'
export { ProviderHomePage } from '../../features/providerArea/ProviderHomePage'
export { ProviderInvoicePage } from '../../features/providerArea/ProviderInvoicePage'
export { QueuePage } from '../../features/queue/QueuePage'
