/**
 * A throwaway S3 server on loopback for the file-store tests and scripts/multiInstanceCheck.ts: Ceph's RADOS Gateway
 * (Debian's `radosgw`, Ceph 16.2 "Pacific") on a one-node Ceph cluster that lives in a temporary folder: one monitor
 * and one OSD keeping its objects in memory (`memstore`), no authentication inside the cluster (cephx off), pools of
 * size 1. A real S3 implementation (the one Ceph deployments serve), installed from Debian's registry like
 * redis-server and PostgreSQL (.ci/run installs `radosgw ceph-mon ceph-osd`). Why this and not a fake: README,
 * "Object storage (S3)".
 *
 * Start: monitor ~0.5 s, OSD up ~2 s, the gateway's first start creates its pools (~8 s on a 2-core machine); about
 * 110 MB of memory for the three processes. `stopGateway()` / `startGateway()` stop and start only the gateway (what a
 * client sees as the S3 server going down and coming back, on the same port); `stop()` ends everything and removes the
 * folder. Nothing is started as a service and nothing is left behind.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { randomUUID } from 'node:crypto'
import { freePort } from './serverProcess'

const run = promisify(execFile)
const BIN = process.env.CEPH_BIN_DIR ?? '/usr/bin'

/** Whether Debian's Ceph packages are installed (tests skip outside CI when they are not). */
export const cephInstalled = () => ['radosgw', 'radosgw-admin', 'ceph-mon', 'ceph-osd', 'monmaptool', 'ceph'].every((name) => existsSync(path.join(BIN, name)))

export interface CephS3 {
  endpoint: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** The S3_* variables a portal server needs to use this gateway with `bucket`. */
  env: (bucket: string) => Record<string, string>
  /** SIGKILL of the gateway (the S3 server is gone: connections refused) — and its start again on the same port. */
  stopGateway: () => Promise<void>
  startGateway: () => Promise<void>
  /** SIGSTOP / SIGCONT of the gateway: a server that accepts connections and answers nothing. */
  pauseGateway: () => void
  resumeGateway: () => void
  stop: () => Promise<void>
  /** Milliseconds the cluster and gateway took to start. */
  startMs: number
}

const ACCESS_KEY = 'portal-test-access'
const SECRET_KEY = 'portal-test-secret-0123456789'

function config(folder: string, monPort: number, rgwPort: number, fsid: string): string {
  return `[global]
fsid = ${fsid}
mon host = v1:127.0.0.1:${monPort}
public addr = 127.0.0.1
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon data avail crit = 0
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 1
osd pool default pgp num = 1
paxos propose interval = 0.01
paxos min wait = 0.001
osd heartbeat grace = 60
osd crush update on start = false
osd class update on start = false
osd pool default pg autoscale mode = off
mon max pg per osd = 1000
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = 536870912
mon data = ${folder}/mon
osd data = ${folder}/osd$id
run dir = ${folder}/run
admin socket = ${folder}/run/$name.asok
log file = ${folder}/$name.log
pid file = ${folder}/run/$name.pid
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
`
}

/**
 * The `ceph` command line, tried again while the monitor refuses it: with authentication off, a client that asks in
 * the monitor's first instants may send a blank cluster id ("problem getting command descriptions", EPERM).
 */
async function cephCommand(conf: string, args: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run(path.join(BIN, 'ceph'), ['-c', conf, ...args], { timeout: 30_000 })
      return
    } catch (err) {
      if (attempt >= 20 || !/EPERM|wrong fsid/.test(String((err as { stderr?: string }).stderr))) throw err
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Runs a Ceph daemon that forks into the background; resolves when the foreground part exited 0. */
async function daemon(program: string, args: string[]): Promise<void> {
  await run(path.join(BIN, program), args, { timeout: 30_000 })
}

const pidOf = (folder: string, name: string) => Number(readFileSync(path.join(folder, 'run', `${name}.pid`), 'utf8').trim())

function kill(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const started = Date.now()
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Ceph: ${what} no respondió en ${ms} ms`)
}

export async function startCephS3(): Promise<CephS3> {
  const started = performance.now()
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-ceph-'))
  const [monPort, rgwPort] = [await freePort(), await freePort()]
  const fsid = randomUUID()
  const conf = path.join(folder, 'ceph.conf')
  for (const sub of ['mon', 'osd0', 'run']) mkdirSync(path.join(folder, sub))
  writeFileSync(conf, config(folder, monPort, rgwPort, fsid))
  const endpoint = `http://127.0.0.1:${rgwPort}`
  const gatewayUp = async () => (await fetch(endpoint, { signal: AbortSignal.timeout(1_000) })).status === 200

  const stopAll = async () => {
    for (const name of ['client.rgw', 'osd.0', 'mon.a']) {
      try {
        kill(pidOf(folder, name), 'SIGCONT')
        kill(pidOf(folder, name), 'SIGKILL')
      } catch {
        // never started
      }
    }
    rmSync(folder, { recursive: true, force: true })
  }
  try {
    await run(path.join(BIN, 'monmaptool'), ['--create', '--add', 'a', `v1:127.0.0.1:${monPort}`, '--fsid', fsid, path.join(folder, 'monmap')])
    await daemon('ceph-mon', ['--mkfs', '-i', 'a', '--monmap', path.join(folder, 'monmap'), '-c', conf])
    await daemon('ceph-mon', ['-i', 'a', '-c', conf])
    const osdUuid = randomUUID()
    await cephCommand(conf, ['osd', 'new', osdUuid, '0'])
    // Placed in the CRUSH map here, not by the OSD as it starts: its own request races the monitor's first map.
    await cephCommand(conf, ['osd', 'crush', 'add', 'osd.0', '1', 'root=default', 'host=local'])
    await daemon('ceph-osd', ['-i', '0', '--mkfs', '--osd-uuid', osdUuid, '-c', conf])
    await daemon('ceph-osd', ['-i', '0', '-c', conf])
    const startGateway = async () => {
      await daemon('radosgw', ['-n', 'client.rgw', '-c', conf])
      // 60 s: a restart took over 30 s on a loaded machine (two builds beside the PostgreSQL suite).
      await waitFor('radosgw', gatewayUp, 60_000)
    }
    await startGateway()
    await run(path.join(BIN, 'radosgw-admin'), ['-c', conf, '-n', 'client.rgw', 'user', 'create', '--uid=portal', '--display-name=portal', `--access-key=${ACCESS_KEY}`, `--secret=${SECRET_KEY}`], {
      timeout: 30_000,
    })
    const stopGateway = async () => {
      const pid = pidOf(folder, 'client.rgw')
      kill(pid, 'SIGCONT')
      kill(pid, 'SIGKILL')
      // Its port refuses connections once the process is gone (its zombie may linger until init reaps it).
      await waitFor('el fin de radosgw', async () => !(await gatewayUp().catch(() => false)))
    }
    return {
      endpoint,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      region: 'us-east-1',
      env: (bucket) => ({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET_KEY,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
      }),
      stopGateway,
      startGateway,
      pauseGateway: () => kill(pidOf(folder, 'client.rgw'), 'SIGSTOP'),
      resumeGateway: () => kill(pidOf(folder, 'client.rgw'), 'SIGCONT'),
      stop: stopAll,
      startMs: Math.round(performance.now() - started),
    }
  } catch (err) {
    // What the daemons said, for the failure's message (the folder goes with stopAll).
    const logs = ['mon.a', 'osd.0', 'client.rgw']
      .map((name) => {
        try {
          return `--- ${name}.log\n${readFileSync(path.join(folder, `${name}.log`), 'utf8').split('\n').slice(-15).join('\n')}`
        } catch {
          return ''
        }
      })
      .join('\n')
    await stopAll()
    throw new Error(`${(err as Error).message}\n${logs}`, { cause: err })
  }
}
