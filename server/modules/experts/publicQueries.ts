/**
 * The public expert library: public and active experts only, with phone and e-mail masked
 * (an expert's whole contact details stay with the association's staff).
 */
import type { Page } from '@common/schemas/common';
import type { PublicExpert, PublicExpertListQuery } from '@common/schemas/public';
import { maskEmail, maskPhone } from '@common/validators';
import type { DbOrTrx } from '../../db/types';
import { filesById, toPublicFile } from '../../content/files';
import { matchesKeyword, paging } from '../../http/paging';

/** Specialty values and labels of each expert, in the dictionary's order. One query for the page. */
async function specialtiesOf(db: DbOrTrx, expertIds: string[]): Promise<Map<string, { values: string[]; labels: string[] }>> {
  const result = new Map<string, { values: string[]; labels: string[] }>();
  if (expertIds.length === 0) return result;
  const rows = await db
    .selectFrom('expert_specialties')
    .leftJoin('dict_items as specialty_item', (join) =>
      join.onRef('specialty_item.value', '=', 'expert_specialties.specialty').on('specialty_item.type_code', '=', 'specialty'),
    )
    .select(['expert_specialties.expert_id', 'expert_specialties.specialty', 'specialty_item.label', 'specialty_item.sort'])
    .where('expert_specialties.expert_id', 'in', expertIds)
    .execute();
  // Sorted here rather than in SQL: an item missing from the dictionary (sort null) goes last on both databases.
  rows.sort((a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) || a.specialty.localeCompare(b.specialty));
  for (const row of rows) {
    const entry = result.get(row.expert_id) ?? { values: [], labels: [] };
    entry.values.push(row.specialty);
    entry.labels.push(row.label ?? row.specialty);
    result.set(row.expert_id, entry);
  }
  return result;
}

export async function listPublicExperts(db: DbOrTrx, query: PublicExpertListQuery): Promise<Page<PublicExpert>> {
  const { current, pageSize, offset } = paging(query);
  let base = db
    .selectFrom('experts')
    .leftJoin('dict_items as title_item', (join) =>
      join.onRef('title_item.value', '=', 'experts.professional_title').on('title_item.type_code', '=', 'professional_title'),
    )
    .where('experts.public', '=', 1)
    .where('experts.active', '=', 1);
  const { specialty } = query;
  if (specialty) {
    base = base.where('experts.id', 'in', (eb) =>
      eb.selectFrom('expert_specialties').select('expert_specialties.expert_id').where('expert_specialties.specialty', '=', specialty),
    );
  }
  const keyword = query.keyword?.trim();
  if (keyword) base = base.where((eb) => matchesKeyword(eb, ['experts.name', 'experts.work_unit', 'experts.introduction'], keyword));

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'experts.id',
      'experts.name',
      'experts.gender',
      'experts.professional_title',
      'experts.work_unit',
      'experts.position',
      'experts.phone',
      'experts.email',
      'experts.introduction',
      'experts.photo_file_id',
      'title_item.label as title_label',
    ])
    .orderBy('experts.sort')
    .orderBy('experts.name')
    .orderBy('experts.id')
    .limit(pageSize)
    .offset(offset)
    .execute();

  const ids = rows.map((r) => r.id);
  const specialties = await specialtiesOf(db, ids);
  const photos = await filesById(
    db,
    rows.map((r) => r.photo_file_id),
  );
  const list = rows.map((row): PublicExpert => {
    const photo = row.photo_file_id ? photos.get(row.photo_file_id) : undefined;
    const spec = specialties.get(row.id);
    return {
      id: row.id,
      name: row.name,
      gender: row.gender,
      professionalTitle: row.professional_title,
      professionalTitleLabel: row.professional_title ? (row.title_label ?? row.professional_title) : null,
      workUnit: row.work_unit,
      position: row.position,
      specialties: spec?.values ?? [],
      specialtyLabels: spec?.labels ?? [],
      phone: row.phone ? maskPhone(row.phone) : null,
      email: row.email ? maskEmail(row.email) : null,
      introduction: row.introduction,
      photo: photo ? toPublicFile(photo) : null,
    };
  });
  return { list, total: Number(total), current, pageSize };
}
