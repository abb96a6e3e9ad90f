import { loadConfig } from '../config';
import { openDatabase } from '../db/database';

// `npm run db:migrate`: apply the committed migrations to the configured database and exit.
const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
