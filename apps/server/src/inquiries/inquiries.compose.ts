/**
 * Why this file: the composition root's part for 1:1 문의 (docs/product.md#inquiries), kept here so the
 * root stays a list of parts.
 */
import { join } from 'node:path';
import { LocalDiskStorage } from '../content/file-storage';
import { InquiriesService } from './inquiries.service';
import { OperatorInquiries, type OperatorInquiriesDeps } from './operator-inquiries';
import { SavedAnswers } from './saved-answers';

/**
 * The member's and the operator's services and the saved answers (the console's `inquiries`; the member routes use `member`). Members' images are not public like popup images: they
 * live in their own folder (DATA_DIR/inquiry-uploads) and are served only by owner-checked routes.
 */
export function composeInquiries(
  deps: Omit<OperatorInquiriesDeps, 'publicUrl'>,
  config: { publicUrl: string; dataDir: string },
) {
  const storage = new LocalDiskStorage(join(config.dataDir, 'inquiry-uploads'));
  return {
    member: new InquiriesService(deps.db, deps.clock, storage),
    operator: new OperatorInquiries({ ...deps, publicUrl: config.publicUrl }),
    savedAnswers: new SavedAnswers(deps.db, deps.clock),
  };
}
