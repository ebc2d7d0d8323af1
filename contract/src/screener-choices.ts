import { z } from 'zod';

/*
 * The screener's choice filters (issue 35): every distinct sector, industry, country and exchange among
 * the stocks of the screener table, however many there are (not the values of its first rows).
 */
export const screenerChoices = z
  .object({
    sector: z.array(z.string()),
    industry: z.array(z.string()),
    country: z.array(z.string()),
    exchange: z.array(z.string()),
  })
  .meta({
    id: 'ScreenerChoices',
    description: 'Every distinct non-empty value of the choice filters among the stocks, sorted by code point.',
    example: { sector: ['Technology', 'Utilities'], industry: ['Software'], country: ['US'], exchange: ['Nasdaq'] },
  });
export type ScreenerChoices = z.infer<typeof screenerChoices>;
