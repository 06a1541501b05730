/**
 * Reading a practitioner's files follows reading the practitioner (server/files/readRules.ts):
 * the photo, diplomas and other materials open to the practitioner's unit and to the
 * practitioner themselves (staff by permission, server/files/holders.ts; uploaders their own). Another unit
 * gets nothing, whatever file id it knows.
 */
import { AuthType } from '@common/permissions';
import { registerFileReadRule, type FileReadRule } from '../../files/readRules';

export const practitionerFileRule: FileReadRule = async (db, fileId, user) => {
  if (!user) return false;
  // Only the caller's own practitioners: by unit (indexed) or by the practitioner's own id.
  let owned;
  if (user.authType === AuthType.MemberUnit && user.unitId) {
    owned = db.selectFrom('practitioners').select('practitioners.id').where('practitioners.unit_id', '=', user.unitId);
  } else if (user.authType === AuthType.Practitioner && user.practitionerId) {
    owned = db.selectFrom('practitioners').select('practitioners.id').where('practitioners.id', '=', user.practitionerId);
  } else {
    return false;
  }
  const photo = await owned.where('practitioners.photo_file_id', '=', fileId).limit(1).executeTakeFirst();
  if (photo) return true;
  const attached = await owned
    .innerJoin('file_attachments', (join) =>
      join.onRef('file_attachments.owner_id', '=', 'practitioners.id').on('file_attachments.owner_type', '=', 'practitioner'),
    )
    .where('file_attachments.file_id', '=', fileId)
    .limit(1)
    .executeTakeFirst();
  return !!attached;
};

/** Idempotent: the rule set holds this one function once, however many apps start. */
export function registerPractitionerFileRule(): void {
  registerFileReadRule(practitionerFileRule);
}
