import type { MemberAdministration } from '../accounts/member-administration';
import type { InquiriesService } from '../inquiries/inquiries.service';
import type { ReferralRewardsService } from '../rewards/referral-rewards.service';
import type { ReferralWorker } from '../rewards/referral-worker';
import type { OperatorInquiries } from '../inquiries/operator-inquiries';
import type { SavedAnswers } from '../inquiries/saved-answers';
import type { CatalogEditor } from '../catalog/catalog-editor';
import type { CatalogSync } from '../catalog/catalog-sync';
import type { CatalogSyncConsole } from '../catalog/catalog-sync-console';
import type { ProviderServicesImport } from '../catalog/import-provider-services';
import type { ContentEditor } from '../content/content-editor';
import type { PopupsEditor } from '../content/popups-editor';
import type { OperatorNotifications } from '../notifications/operator-notifications';
import type { OperatorOrderActions } from '../orders/cancellation/operator-actions';
import type { OperatorRefillActions } from '../orders/refills/operator-refill-actions';
import type { ChargeDecisions } from '../points/charge-decisions';
import type { PricingConsole } from '../pricing/pricing-console';
import type { DepositIntake } from '../points/deposit-intake';
import type { PointAdjustmentsService } from '../points/point-adjustments';
import type { ReceiptsService } from '../points/receipts';
import type { ProviderAccounts } from '../providers/provider-accounts';
import type { SimulatedProvider } from '../providers/simulated-provider';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import type { AuditAdminService } from './audit/audit-admin.service';
import type { CatalogAdminService } from './catalog/catalog-admin.service';
import type { ProviderHealthAdminService } from './catalog/provider-health-admin.service';
import type { ProvidersAdminService } from './catalog/providers-admin.service';
import type { ContentAdminService } from './content/content-admin.service';
import type { DashboardService } from './dashboard/dashboard.service';
import type { MembersAdminService } from './members/members-admin.service';
import type { OrdersAdminService } from './orders/orders-admin.service';
import type { ChargesAdminService } from './points/charges-admin.service';
import type { DepositsAdminService } from './points/deposits-admin.service';
import type { MemberLedgerService } from './points/member-ledger.service';
import type { ReceiptsAdminService } from './points/receipts-admin.service';
import type { SettingsAdminService } from './settings/settings-admin.service';
import type { WatchService } from './watch/watch.service';

/**
 * What each area of the operator API is handed: its read models and the owning domains' operations,
 * every one built once by the composition root (compose.ts) from the same instances the member routes
 * use, so a console change drops the very caches members read. A console route file builds nothing;
 * it only speaks HTTP to what it is given (tooling/console-routes.test.ts holds it to that).
 */
export interface ConsoleServices {
  settings: { settings: SettingsService; view: SettingsAdminService };
  dashboard: { dashboard: DashboardService };
  watch: { watch: WatchService };
  points: {
    charges: ChargesAdminService;
    decisions: ChargeDecisions;
    adjustments: PointAdjustmentsService;
    deposits: DepositsAdminService;
    depositIntake: DepositIntake;
    ledger: MemberLedgerService;
    receipts: ReceiptsAdminService;
    receiptIssuing: ReceiptsService;
  };
  catalog: {
    catalog: CatalogAdminService;
    editor: CatalogEditor;
    providers: ProvidersAdminService;
    providerAccounts: ProviderAccounts;
    providerImport: ProviderServicesImport;
  };
  catalogSync: {
    syncConsole: CatalogSyncConsole;
    catalogSync: CatalogSync;
    simulatedProvider: SimulatedProvider;
  };
  providerHealth: {
    health: ProviderHealthAdminService;
    providerAccounts: ProviderAccounts;
    simulatedProvider: SimulatedProvider;
  };
  orders: {
    orders: OrdersAdminService;
    actions: OperatorOrderActions;
    refillActions: OperatorRefillActions;
  };
  members: { members: MembersAdminService; administration: MemberAdministration };
  content: {
    lists: ContentAdminService;
    content: ContentEditor;
    popups: PopupsEditor;
  };
  audit: { audit: AuditAdminService };
  inquiries: { operator: OperatorInquiries; member: InquiriesService; savedAnswers: SavedAnswers };
  /** Referral rewards: the member's block and the console's list and actions; the loop's share (`worker`). */
  rewards: { rewards: ReferralRewardsService; worker: ReferralWorker };
  notifications: { notifications: OperatorNotifications; settings: SettingsService; clock: Clock };
  /** 회원 등급 and custom rates (docs/product.md#member-grades-and-custom-rates). */
  pricing: { pricing: PricingConsole };
}
