/**
 * The one place that decides where uploaded files live: an S3-compatible bucket when S3_BUCKET is set (config.s3),
 * else the folder DATA_DIR/files. The server, the seeds, the backup and restore commands all open their store here.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { AppConfig } from '../config'
import type { FileStore } from './fileStore'
import { createLocalFileStore } from './localFileStore'
import { createS3FileStore } from './s3FileStore'

export function openFileStore(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStore {
  if (!config.s3) return createLocalFileStore(config.dataDir)
  // Uploads are staged on this machine's disk before they go to the bucket; several instances need not share it.
  const staging = path.join(config.dataDir, 'incoming')
  mkdirSync(staging, { recursive: true })
  return createS3FileStore(config.s3, staging)
}
