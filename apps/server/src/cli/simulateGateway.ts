// `npm run simulate:gateway -- [--url U] [--key K] [--rate N] [--duration S] ...`: sends
// realistic roadstud events for the demo's realtime site (Kings Road live) through the real
// ingest route. Without --key (or GATEWAY_KEY), signs in as the demo admin (--password or
// ADMIN_PASSWORD) and makes the demo gateway a new key, printed for later runs.
import { parseArgs } from 'node:util';
import { DEMO_REALTIME } from '../features/demo/demoData.ts';
import { keyFromAdmin, runSimulator } from './gatewaySimulator.ts';

const USAGE = `Usage: npm run simulate:gateway -- [options]
  --url <url>          the server (default http://127.0.0.1:\${PORT:-3000})
  --key <key>          the gateway's ingest key (default GATEWAY_KEY; else made with --password)
  --password <pw>      the demo admin's password, to make a key (default ADMIN_PASSWORD)
  --user <name>        the admin who makes the key (default admin)
  --gateway <serial>   the gateway (default ${DEMO_REALTIME.gateway.serial})
  --lanes <studs>      each lane's studs in order, lanes split by ';' (default the demo's)
  --spacing <m>        metres between a lane's studs (default ${DEMO_REALTIME.spacingM})
  --rate <n>           mean vehicles per minute per lane over a day (default 20)
  --duration <s>       seconds to send for (default 60)
  --limit <km/h>       the speed limit speeds cluster around (default 48)`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    key: { type: 'string' },
    password: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    gateway: { type: 'string', default: DEMO_REALTIME.gateway.serial },
    lanes: { type: 'string' },
    spacing: { type: 'string', default: String(DEMO_REALTIME.spacingM) },
    rate: { type: 'string', default: '20' },
    duration: { type: 'string', default: '60' },
    limit: { type: 'string', default: '48' },
    help: { type: 'boolean', default: false },
  },
});

/** A positive number option, or the usage and exit. */
function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name}: '${text}' is not a positive number\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const url = (values.url ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`).replace(/\/$/, '');
const password = values.password ?? process.env.ADMIN_PASSWORD;
let key = values.key ?? process.env.GATEWAY_KEY;
if (!key) {
  if (!password) {
    console.error(`Give --key (or GATEWAY_KEY), or --password (or ADMIN_PASSWORD).\n${USAGE}`);
    process.exit(2);
  }
  key = await keyFromAdmin(url, { username: values.user, password }, values.gateway);
  console.log(`Made a new key for ${values.gateway}: ${key}\n(GATEWAY_KEY=${key} reuses it.)`);
}
const lanes = values.lanes
  ? values.lanes.split(';').map((studs, index) => ({
      studs: studs.split(',').map((serial) => serial.trim()),
      peak: index % 2 === 0 ? ('morning' as const) : ('evening' as const),
    }))
  : DEMO_REALTIME.lanes.map((lane, index) => ({
      studs: lane.studs,
      peak: index % 2 === 0 ? ('morning' as const) : ('evening' as const),
    }));
const durationS = positive('duration', values.duration);
console.log(`Sending to ${url} for ${durationS} s...`);
const totals = await runSimulator({
  url,
  key,
  lanes,
  spacingM: positive('spacing', values.spacing),
  gatewaySerial: values.gateway,
  rate: positive('rate', values.rate),
  durationS,
  speedLimitKmh: positive('limit', values.limit),
  onBatch: ({ events, stored }) => process.stdout.write(`${events} events, ${stored} new\n`),
});
console.log(`Done: ${totals.sent} events sent, ${totals.stored} stored.`);
