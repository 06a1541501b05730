/**
 * Where a stored file can be held, and which staff codes open it there. Association staff read
 * a file only where a permission of theirs covers a record that holds it: a content editor
 * reads the pictures of articles, not a unit's licence; whoever reviews units reads their
 * licences. A file no record holds is read by its uploader alone (server/files/readRules.ts).
 *
 * Every place a file id is stored is listed here once: a `file_attachments` owner type (all
 * its slots, inline rich-text images included) or a single-file column. A new place to store
 * a file id needs its row here, or staff cannot open it (tests/server/file-reads.test.ts
 * checks that every owner type of server/db/domainTypes.ts has a row).
 */
import type { PermissionCode } from '@common/permissions';
import type { DbOrTrx, DomainEntityType } from '../db/types';

export interface FileHolder {
  /** What holds the file, as the README's table of file reads says it. */
  what: string;
  /** Staff holding any of these codes read the file. */
  staff: readonly PermissionCode[];
  /** Whether some record of this kind holds the file (in any state). */
  holds: (db: DbOrTrx, fileId: string) => Promise<boolean>;
}

/** A file in any slot of a record of this owner type (file_attachments). */
function attachedTo(ownerType: DomainEntityType) {
  return async (db: DbOrTrx, fileId: string) =>
    !!(await db
      .selectFrom('file_attachments')
      .select('file_id')
      .where('file_id', '=', fileId)
      .where('owner_type', '=', ownerType)
      .limit(1)
      .executeTakeFirst());
}

type FileColumn =
  | { table: 'member_units'; column: 'logo_file_id' }
  | { table: 'practitioners'; column: 'photo_file_id' }
  | { table: 'experts'; column: 'photo_file_id' }
  | { table: 'articles'; column: 'cover_file_id' }
  | { table: 'carousels'; column: 'image_file_id' }
  | { table: 'friendly_links'; column: 'logo_file_id' };

/** A file in a single-file column of some row of a table. */
function inColumn({ table, column }: FileColumn) {
  return async (db: DbOrTrx, fileId: string) =>
    !!(await db
      .selectFrom(table)
      .select(column)
      .where(column, '=', fileId)
      .limit(1)
      .executeTakeFirst());
}

/** Attached to the owner type, or in one of the columns. */
function anyOf(...checks: ((db: DbOrTrx, fileId: string) => Promise<boolean>)[]) {
  return async (db: DbOrTrx, fileId: string) => {
    for (const check of checks) if (await check(db, fileId)) return true;
    return false;
  };
}

export const FILE_HOLDERS: readonly (FileHolder & { ownerTypes: readonly DomainEntityType[] })[] = [
  {
    what: '会员单位的营业执照、资质文件、单位标志（含入会申请）',
    ownerTypes: ['unit'],
    staff: ['member:unit:view', 'member:unit:approve'],
    holds: anyOf(attachedTo('unit'), inColumn({ table: 'member_units', column: 'logo_file_id' })),
  },
  {
    what: '从业人员的照片、学历证书、其他材料',
    ownerTypes: ['practitioner'],
    staff: ['member:practitioner:view', 'member:practitioner:approve'],
    holds: anyOf(attachedTo('practitioner'), inColumn({ table: 'practitioners', column: 'photo_file_id' })),
  },
  {
    what: '单位变更的放行函',
    ownerTypes: ['unit_change'],
    staff: ['member:unit-change:view', 'member:unit-change:approve'],
    holds: attachedTo('unit_change'),
  },
  {
    what: '专家照片',
    ownerTypes: ['expert'],
    staff: ['expert:view', 'expert:edit'],
    holds: anyOf(attachedTo('expert'), inColumn({ table: 'experts', column: 'photo_file_id' })),
  },
  {
    what: '文章的封面、附件、正文图片',
    ownerTypes: ['article'],
    staff: ['content:article:view', 'content:article:edit'],
    holds: anyOf(attachedTo('article'), inColumn({ table: 'articles', column: 'cover_file_id' })),
  },
  {
    what: '网站公告的附件、正文图片',
    ownerTypes: ['notice'],
    staff: ['content:notice:view', 'content:notice:edit'],
    holds: attachedTo('notice'),
  },
  {
    what: '轮播图片',
    ownerTypes: [],
    staff: ['content:carousel:view', 'content:carousel:edit'],
    holds: inColumn({ table: 'carousels', column: 'image_file_id' }),
  },
  {
    what: '友情链接标志',
    ownerTypes: [],
    staff: ['content:link:view', 'content:link:edit'],
    holds: inColumn({ table: 'friendly_links', column: 'logo_file_id' }),
  },
  {
    what: '项目的评估报告',
    ownerTypes: ['project'],
    staff: ['project:view', 'project:review'],
    holds: attachedTo('project'),
  },
  {
    what: '业绩案例的证明材料',
    ownerTypes: ['case'],
    staff: ['case:view', 'case:review'],
    holds: attachedTo('case'),
  },
  {
    what: '年检附件',
    ownerTypes: ['annual_inspection'],
    staff: ['inspection:view', 'inspection:review'],
    holds: attachedTo('annual_inspection'),
  },
  {
    // The unit an event counts against reads them too (its read rule, server/modules/credit-events/queries.ts).
    what: '信用记录（不良行为、表彰）的证明材料',
    ownerTypes: ['credit_event'],
    staff: ['credit:view', 'credit:event:edit'],
    holds: attachedTo('credit_event'),
  },
  {
    // The objecting unit reads them too (its read rule, server/modules/credit-ratings/queries.ts).
    what: '信用评价异议的材料',
    ownerTypes: ['credit_objection'],
    staff: ['credit:view', 'credit:rating:manage'],
    holds: attachedTo('credit_objection'),
  },
  {
    // The unit complained about reads them once the complaint is accepted (its read rule,
    // server/modules/complaints/queries.ts isComplaintFileOf).
    what: '投诉举报的附件、被投诉单位的申辩材料',
    ownerTypes: ['complaint'],
    staff: ['complaint:view', 'complaint:handle'],
    holds: attachedTo('complaint'),
  },
];
