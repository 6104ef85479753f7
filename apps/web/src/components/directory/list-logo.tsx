import { Avatar, Image, Paper } from '@mantine/core';
import { imageUrl } from '@rescuedesk/shared';
import { useT } from '../../lib/i18n/use-t';

interface ListLogoProps {
  ngoId: number | null;
  /** The stored logo, or null when there is none yet. */
  fileName: string | null;
  /** Whose logo: its alt text, and the initials shown when there is no logo. */
  name: string;
}

/** A small logo in a list row or card (sponsor and NGO lists); a 96 px thumbnail from the server. */
export function ListLogo({ ngoId, fileName, name }: ListLogoProps) {
  const t = useT();
  if (!fileName) return <Avatar name={name} color="teal" variant="filled" radius="md" size={44} aria-hidden />;
  return (
    <Paper withBorder radius="md" w={44} h={44} p={2} style={{ flexShrink: 0, overflow: 'hidden' }}>
      <Image src={imageUrl(ngoId, fileName, 96)} alt={t('directory.logo.alt', { name })} w="100%" h="100%" fit="contain" loading="lazy" />
    </Paper>
  );
}
