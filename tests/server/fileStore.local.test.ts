/** The file store contract (tests/server/helpers/fileStoreContract.ts) on the default store, a folder under DATA_DIR. */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createLocalFileStore } from '../../server/storage/localFileStore'
import { fileStoreContract, type ContractSubject } from './helpers/fileStoreContract'
import { openTestDb } from './helpers/testApp'

const subject = {} as ContractSubject
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-store-'))
let drop: () => Promise<void>

beforeAll(async () => {
  const opened = await openTestDb()
  drop = opened.drop
  Object.assign(subject, { db: opened.handle.db, store: createLocalFileStore(dataDir) })
})

afterAll(async () => {
  await drop?.()
  rmSync(dataDir, { recursive: true, force: true })
})

fileStoreContract('local folder', () => subject)
