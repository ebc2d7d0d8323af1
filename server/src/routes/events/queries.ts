import type { AnalyticsEventBody, Language } from '@app/contract';
import type { Db } from '../../db/index.ts';

export async function insertAnalyticsEvent(db: Db, event: AnalyticsEventBody, language: Language): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      name: event.name,
      path: event.path,
      language,
      props: event.props ? JSON.stringify(event.props) : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
