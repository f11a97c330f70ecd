import type { Locale, RelationshipType } from '@opora/contracts';
import { type Db, relationshipTypes } from '@opora/db';
import { asc } from 'drizzle-orm';
import { relationshipTypeName } from './enum-names.ts';

/** `GET /relationship-types?locale=`: the client form's choices in their reference order, named in `locale`. */
export async function listRelationshipTypes(db: Db, locale: Locale): Promise<RelationshipType[]> {
  const rows = await db
    .select({ id: relationshipTypes.id, code: relationshipTypes.code })
    .from(relationshipTypes)
    .orderBy(asc(relationshipTypes.sortOrder), asc(relationshipTypes.code));
  return rows.map((row) => {
    const code = row.code as RelationshipType['code'];
    return { id: row.id, code, name: relationshipTypeName(code, locale) };
  });
}
