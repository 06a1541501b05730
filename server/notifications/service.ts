/**
 * The notices' two loops inside the server (no extra process): the scanner at start and every
 * NOTICE_SCAN_MINUTES, the sender every few seconds (a batch, and at once another while batches
 * come back full). Started by server/jobs.ts with the daily jobs; `stop()` waits for the batch in
 * hand, so a graceful shutdown never leaves a send half-recorded.
 *
 *   const notices = new NotificationService(app, finders);
 *   notices.start();
 *   …
 *   await notices.stop();
 *
 * Tests drive it by hand: `await notices.scanNow()`, `await notices.sendNow()`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DialectName } from '../db/index';
import type { Db } from '../db/types';
import type { FieldCipher } from '../pii';
import { createEmailChannel } from './channels/email';
import { createSmsProvider } from './channels/sms';
import { scanDueNotices, type DueNoticeFinders, type ScanResult } from './scanner';
import { sendDueNotices, SEND_BATCH_SIZE, type NoticeChannels, type SendRound } from './sender';

/** How often the sender looks for due rows. */
export const SEND_INTERVAL_MS = 10_000;

export interface NotificationServiceHost {
  db: Db;
  dialect: DialectName;
  clock: () => Date;
  pii: FieldCipher;
  appConfig: Config;
  log: FastifyBaseLogger;
}

/** The channels the configuration sets up (null: that channel is off). */
export function channelsFromConfig(config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'sms'>): NoticeChannels {
  return {
    email: config.smtpUrl && config.smtpFrom ? createEmailChannel(config.smtpUrl, config.smtpFrom) : null,
    sms: config.sms ? createSmsProvider(config.sms) : null,
  };
}

const emptyRound = (): SendRound => ({ claimed: 0, sent: 0, retrying: 0, givenUp: 0, failed: 0, unconfigured: 0, optedOut: 0, lost: 0 });

function sum(a: SendRound, b: SendRound): SendRound {
  return {
    claimed: a.claimed + b.claimed,
    sent: a.sent + b.sent,
    retrying: a.retrying + b.retrying,
    givenUp: a.givenUp + b.givenUp,
    failed: a.failed + b.failed,
    unconfigured: a.unconfigured + b.unconfigured,
    optedOut: a.optedOut + b.optedOut,
    lost: a.lost + b.lost,
  };
}

export class NotificationService {
  /** This process's sender id: the owner of the leases it takes. */
  readonly owner = randomUUID();
  readonly channels: NoticeChannels;
  private scanTimer: NodeJS.Timeout | null = null;
  private sendTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<ScanResult> | null = null;
  private sending: Promise<SendRound> | null = null;
  private stopped = false;

  constructor(
    private readonly host: NotificationServiceHost,
    private readonly finders: DueNoticeFinders,
    channels?: NoticeChannels,
  ) {
    this.channels = channels ?? channelsFromConfig(host.appConfig);
  }

  /** Scans now, then every NOTICE_SCAN_MINUTES; sends every SEND_INTERVAL_MS. */
  start(): void {
    this.stopped = false;
    const scan = () => {
      void this.scanNow()
        .then(() => this.sendNow())
        .catch((err: unknown) => this.host.log.error({ error: err instanceof Error ? err.message : String(err) }, '通知扫描失败'));
    };
    scan();
    this.scanTimer = setInterval(scan, this.host.appConfig.noticeScanMinutes * 60_000);
    this.scanTimer.unref();
    this.sendTimer = setInterval(() => {
      void this.sendNow().catch((err: unknown) => this.host.log.error({ error: err instanceof Error ? err.message : String(err) }, '发送通知失败'));
    }, SEND_INTERVAL_MS);
    this.sendTimer.unref();
  }

  /** Stops both loops and waits for the scan and the batch in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.scanTimer) clearInterval(this.scanTimer);
    if (this.sendTimer) clearInterval(this.sendTimer);
    this.scanTimer = null;
    this.sendTimer = null;
    await Promise.allSettled([this.scanning, this.sending]);
    this.channels.email?.close();
  }

  /** One scan (a scan already running is joined, not repeated; none after stop()). */
  scanNow(): Promise<ScanResult> {
    if (this.stopped) return Promise.resolve({ rules: 0, notices: 0, deliveries: 0, late: 0 });
    if (!this.scanning) {
      this.scanning = scanDueNotices(this.host, this.finders)
        .then((result) => {
          if (result.notices > 0) this.host.log.info(result, '已排入到期通知');
          return result;
        })
        .finally(() => {
          this.scanning = null;
        });
    }
    return this.scanning;
  }

  /** Batches until one comes back short, or the service stops (a round already running is joined; none after stop()). */
  sendNow(): Promise<SendRound> {
    if (this.stopped) return Promise.resolve(emptyRound());
    if (!this.sending) {
      this.sending = this.sendRounds().finally(() => {
        this.sending = null;
      });
    }
    return this.sending;
  }

  private async sendRounds(): Promise<SendRound> {
    const { db, dialect, clock, pii, log, appConfig } = this.host;
    const deps = { db, dialect, clock, pii, log, channels: this.channels, siteUrl: appConfig.publicUrl, owner: this.owner };
    let total = emptyRound();
    for (;;) {
      const round = await sendDueNotices(deps);
      total = sum(total, round);
      if (round.claimed < SEND_BATCH_SIZE || this.stopped) break;
    }
    if (total.claimed > 0) this.host.log.info(total, '通知发送');
    return total;
  }
}
