/** The roles that sign a result in each sport, offered in the certify dialog (any other can still be typed). */
import type { SportName } from '../../../app/domain/sports/sport-list.js';

export const CERTIFY_ROLES: Record<SportName, readonly string[]> = {
  athletics: ['Chief photo-finish judge', 'Photo-finish judge', 'Referee', 'Technical delegate'],
  motorsport: ['Chief timekeeper', 'Clerk of the course', 'Race director', 'Steward'],
  horse: ['Judge', "Stewards' secretary", 'Chief steward', 'Clerk of the scales'],
  greyhound: ['Judge', 'Racing manager', 'Stipendiary steward'],
};
