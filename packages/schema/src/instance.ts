import { z } from 'zod';

/** What the editor needs to know about the service it talks to. */
export const InstanceInfo = z
  .object({
    publicUrl: z
      .string()
      .nullable()
      .describe(
        'Where respondents and third-party sites reach the public API and embed.js (PUBLIC_URL, no trailing slash); null when unset, and then the address the editor was opened at is the best guess',
      ),
  })
  .meta({ id: 'InstanceInfo' });
export type InstanceInfo = z.infer<typeof InstanceInfo>;
