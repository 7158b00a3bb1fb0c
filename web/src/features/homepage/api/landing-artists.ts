import type { LandingArtists } from '@cadenza/contracts/music';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export type LandingArtist = LandingArtists['artists'][number];

export function fetchLandingArtists(): Promise<LandingArtists> {
  return apiClient.get<LandingArtists>('landing/artists');
}

export const landingArtistsQuery = () =>
  queryOptions({ queryKey: ['landing', 'artists'], queryFn: fetchLandingArtists });

/** Trending artists for the landing page (spec section 7, GET landing/artists). */
export function useLandingArtists(enabled = true) {
  return useQuery({ ...landingArtistsQuery(), enabled });
}
