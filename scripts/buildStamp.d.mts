/** Types of scripts/buildStamp.mjs (plain JavaScript, so `npm start` runs it before anything is built). */
export declare const INPUTS: string[]
export declare function fingerprint(root?: string): string
export declare function isCurrent(root?: string): boolean
export declare function record(root?: string): void
