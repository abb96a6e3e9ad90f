import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The architecture rules of docs/ARCHITECTURE.md are enforced by ESLint; these tests prove the
// configuration really rejects what it promises to reject.
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint rules', () => {
  it('forbids a web feature from importing another feature', async () => {
    const code =
      "import { LoginForm } from '@/features/auth/components/login-form';\nexport const x = LoginForm;\n";
    expect(await ruleIds(code, 'apps/web/src/features/order/components/probe.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
    // The same import from app/, which composes features, is fine.
    expect(await ruleIds(code, 'apps/web/src/app/probe.tsx')).not.toContain('import-x/no-restricted-paths');
  });

  it("keeps each console area to itself and the console's shared part", async () => {
    const otherArea =
      "import { MemberLedgerPanel } from '@/features/admin-points/member-ledger-panel';\nexport const x = MemberLedgerPanel;\n";
    expect(await ruleIds(otherArea, 'apps/web/src/features/admin-members/probe.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
    const shell =
      "import { AdminPage } from '@/features/admin/components/admin-page';\nexport const x = AdminPage;\n";
    expect(await ruleIds(shell, 'apps/web/src/features/admin-members/probe.tsx')).not.toContain(
      'import-x/no-restricted-paths',
    );
    // The shared part imports no area, and a member-site feature does not get the console's part.
    expect(await ruleIds(otherArea, 'apps/web/src/features/admin/components/probe.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(shell, 'apps/web/src/features/order/components/probe.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
    // The console's routes (app/) put the areas together.
    expect(await ruleIds(otherArea, 'apps/web/src/app/probe.tsx')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('forbids shared web code from importing a feature', async () => {
    const code =
      "import { LoginForm } from '@/features/auth/components/login-form';\nexport const x = LoginForm;\n";
    expect(await ruleIds(code, 'apps/web/src/lib/probe.ts')).toContain('import-x/no-restricted-paths');
  });

  it('keeps the domain package free of I/O', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n";
    expect(await ruleIds(code, 'packages/domain/src/probe.ts')).toContain('no-restricted-imports');
  });

  it('keeps zod out of the web bundle: the contract as types only, calls through the endpoints', async () => {
    const valueImport =
      "import { placeOrderRequest } from '@smm/domain/contract';\nexport const x = placeOrderRequest;\n";
    const typeImport =
      "import type { PlaceOrderRequest } from '@smm/domain/contract';\nexport type X = PlaceOrderRequest;\n";
    const zod = "import { z } from 'zod';\nexport const x = z;\n";
    const endpoints = "import { ordersApi } from '@smm/domain/endpoints';\nexport const x = ordersApi;\n";
    const file = 'apps/web/src/features/order/api/probe.ts';
    expect(await ruleIds(valueImport, file)).toContain('no-restricted-imports');
    expect(await ruleIds(zod, file)).toContain('no-restricted-imports');
    expect(await ruleIds(typeImport, file)).not.toContain('no-restricted-imports');
    expect(await ruleIds(endpoints, file)).not.toContain('no-restricted-imports');
    // The endpoints themselves name their schemas: neither zod nor a schema module at run time.
    const schemaValue =
      "import { placeOrderRequest } from '../orders';\nexport const x = placeOrderRequest;\n";
    for (const code of [zod, schemaValue]) {
      expect(await ruleIds(code, 'packages/domain/src/contract/endpoints/probe.ts')).toContain(
        'no-restricted-imports',
      );
    }
  });

  it('keeps server routes away from the database and repositories', async () => {
    const viaRepository =
      "import { accountRepository } from '../accounts/account.repository';\nexport const x = accountRepository;\n";
    const viaDb = "import { accounts } from '../db/schema';\nexport const x = accounts;\n";
    const viaDrizzle = "import { eq } from 'drizzle-orm';\nexport const x = eq;\n";
    for (const code of [viaRepository, viaDb, viaDrizzle]) {
      expect(await ruleIds(code, 'apps/server/src/orders/orders.routes.ts')).toContain(
        'no-restricted-imports',
      );
    }
    // A service may use a repository.
    expect(await ruleIds(viaRepository, 'apps/server/src/orders/orders.service.ts')).not.toContain(
      'no-restricted-imports',
    );
  });

  it('keeps the console to reads and calls into the domains, and no domain on the console', async () => {
    const domainRepository =
      "import { chargesRepository } from '../../points/charges.repository';\nexport const x = chargesRepository;\n";
    expect(await ruleIds(domainRepository, 'apps/server/src/admin/points/probe.service.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    // Its own read repository, or a domain's operation, is fine.
    const ownRepository =
      "import { pointsAdminRepository } from './points-admin.repository';\nexport const x = pointsAdminRepository;\n";
    const domainOperation =
      "import { ChargeDecisions } from '../../points/charge-decisions';\nexport const x = ChargeDecisions;\n";
    for (const code of [ownRepository, domainOperation]) {
      expect(await ruleIds(code, 'apps/server/src/admin/points/probe.service.ts')).not.toContain(
        'import-x/no-restricted-paths',
      );
    }
    const fromConsole =
      "import { OrdersAdminService } from '../admin/orders/orders-admin.service';\nexport const x = OrdersAdminService;\n";
    expect(await ruleIds(fromConsole, 'apps/server/src/orders/probe.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets only the ledger change accounts.point', async () => {
    const drizzleWrite =
      "import { sql } from 'drizzle-orm';\nimport { accounts } from '../db/schema';\n" +
      'export const pay = (db: any) => db.update(accounts).set({ point: sql`point - 1` });\n';
    const drizzleInsert =
      "import { accounts } from '../db/schema';\nexport const make = (db: any) => db.insert(accounts).values({ loginId: 'x', point: 5 });\n";
    const rawWrite =
      "import { sql } from 'drizzle-orm';\nexport const q = sql`UPDATE accounts SET point = point - ${1} WHERE id = 1`;\n";
    for (const code of [drizzleWrite, drizzleInsert, rawWrite]) {
      expect(await ruleIds(code, 'apps/server/src/orders/placement/placement.repository.ts')).toContain(
        'no-restricted-syntax',
      );
    }
    expect(await ruleIds(drizzleWrite, 'apps/server/src/ledger/apply-ledger-entry.ts')).not.toContain(
      'no-restricted-syntax',
    );
    // The whole ledger folder is the writer: the debit builder every statement that debits uses too.
    expect(await ruleIds(rawWrite, 'apps/server/src/ledger/balance-change.ts')).not.toContain(
      'no-restricted-syntax',
    );
    // Reading the balance or comparing it is fine.
    const read =
      "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT point FROM accounts WHERE point >= 5`;\n";
    expect(await ruleIds(read, 'apps/server/src/orders/placement/placement.repository.ts')).not.toContain(
      'no-restricted-syntax',
    );
  });

  it('refuses the retired names of a thing that has one name (docs/ARCHITECTURE.md#names)', async () => {
    const retired = [
      "import { PaymentKind } from '@smm/domain';\nexport const x = PaymentKind;\n",
      'export const payable = (feeType: number) => feeType;\n',
      'export function catalogueSync() {}\n',
      "export const DEFAULT_COLOUR = '#fef3c7';\n",
      'export type PointHistoryItem = { id: number };\n',
      'export async function recordProviderCharge() {}\n',
    ];
    const chosen = [
      "import { ReceiptKind } from '@smm/domain';\nexport const x = ReceiptKind;\n",
      'export const payable = (receiptKind: number) => receiptKind;\n',
      'export function catalogSync() {}\n',
      "export const DEFAULT_COLOR = '#fef3c7';\n",
      'export type ChargeHistoryItem = { id: number };\n',
      'export async function recordProviderBill() {}\n',
      // The wire keeps its names: the request field feeType, the path /service/point-history.
      "export const body = { feeType: 2 };\nexport const path = '/service/point-history';\n",
    ];
    // In the server (where the ledger's rule shares no-restricted-syntax), the web and the domain.
    for (const file of [
      'apps/server/src/points/probe.ts',
      'apps/web/src/features/points/probe.tsx',
      'packages/domain/src/probe.ts',
    ]) {
      for (const code of retired) expect(await ruleIds(code, file)).toContain('no-restricted-syntax');
      for (const code of chosen) expect(await ruleIds(code, file)).not.toContain('no-restricted-syntax');
    }
  });

  const cycleDir = join(root, 'apps/server/src/.lint-cycle-probe');
  afterAll(() => rmSync(cycleDir, { recursive: true, force: true }));

  it('forbids import cycles', async () => {
    mkdirSync(cycleDir, { recursive: true });
    writeFileSync(join(cycleDir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(cycleDir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([join(cycleDir, 'a.ts')]);
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
