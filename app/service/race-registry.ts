/**
 * Races open in this run of the app. Clients refer to a race by an opaque `raceId`; only folders registered here
 * (opened or built by the service) can have their files served, and only through path containment.
 */
import { realpath } from 'node:fs/promises';
import { UserError } from '../domain/errors.js';
import { resolveContained } from '../security/contain.js';
import { sha256Text } from '../store/sha256.js';

export class RaceRegistry {
  private readonly byId = new Map<string, string>();

  /** Registers a race folder (by its real path) and returns its id; the same folder always gets the same id. */
  async register(folder: string): Promise<string> {
    const real = await realpath(folder);
    const id = sha256Text(real).slice(0, 16);
    this.byId.set(id, real);
    return id;
  }

  pathOf(raceId: string): string {
    const p = this.byId.get(raceId);
    if (!p) throw new UserError(`No open race with id ${raceId}; open the race again.`, 'NOT_FOUND');
    return p;
  }

  has(raceId: string): boolean {
    return this.byId.has(raceId);
  }

  forget(raceId: string): void {
    this.byId.delete(raceId);
  }

  /** Real path of a file inside an open race (tiles, composite, exports), contained in the race folder. */
  async resolveFile(raceId: string, relative: string): Promise<string> {
    return resolveContained(this.pathOf(raceId), relative);
  }
}
