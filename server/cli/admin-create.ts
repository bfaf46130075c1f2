import { parseArgs } from 'node:util';
import { z } from 'zod';
import { usernameSchema } from '../../contract/auth';
import { loadConfig } from '../config';
import { prepareDatabase } from '../database';
import { connectDatabase } from '../db/client';
import { ensureAdmin } from '../features/auth/service';
import { createLogger } from '../logger';

// npm run admin:create -- --email admin@example.com --username admin
const { values } = parseArgs({ options: { email: { type: 'string' }, username: { type: 'string' } } });
const args = z
  .object({ email: z.email('--email must be a valid email address'), username: usernameSchema })
  .safeParse({
    email: values.email,
    username: values.username ?? 'admin',
  });
if (!args.success) {
  console.error(
    `admin:create: ${args.error.issues[0]?.message}. Usage: npm run admin:create -- --email you@example.com --username admin`,
  );
  process.exit(2);
}

const config = loadConfig();
const log = createLogger({ ...config, LOG_LEVEL: 'warn' });
const database = await prepareDatabase(config, log);
const handle = connectDatabase(database.url, 1);
try {
  const result = await ensureAdmin(handle.db, args.data);
  if (result.created) {
    console.info(`Admin created (id 1): ${result.user.email}\nOne-time password: ${result.password}`);
  } else {
    console.info(`The admin (id 1) already exists: ${result.user.email}. Nothing changed.`);
  }
} finally {
  await handle.close();
  await database.stop();
}
