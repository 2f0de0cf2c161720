// The venue's audit log as the Venue view reads it: every change to the shared record with who (operator and desk, or
// the automatic cause), when and what, newest first, searched by words and narrowed to streams, stations or people,
// and saved as CSV. Only entries that counted are listed: one a desk wrote in another's name is not.
import { csvTable } from '../../../shared/text/csv'
import {
  auditMatches,
  auditRows,
  type AuditEntry,
  type AuditPage,
  type AuditSubject,
} from '../../../shared/venue/roles'
import type { VenueFollowers } from './venue-followers'

export interface AuditSearch {
  search: string
  subject: AuditSubject | null
}

export class VenueAudit {
  constructor(private readonly followers: VenueFollowers) {}

  /** The newest `limit` entries that match, and how many match in all. */
  page({ search, subject, limit }: AuditSearch & { limit: number }): AuditPage {
    const found = this.matching({ search, subject })
    return { entries: found.slice(0, limit), total: found.length }
  }

  /** Every entry that matches, newest first, as a CSV file's text. */
  csv(query: AuditSearch): string {
    const { header, rows } = auditRows(this.matching(query))
    return csvTable(header, rows)
  }

  private matching({ search, subject }: AuditSearch): AuditEntry[] {
    const found: AuditEntry[] = []
    for (const entry of this.followers.record.auditLog())
      if ((subject === null || entry.subject === subject) && auditMatches(entry, search)) found.push(entry)
    return found.sort((a, b) => b.at - a.at)
  }
}
