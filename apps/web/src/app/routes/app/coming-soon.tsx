import { IconTools } from '@tabler/icons-react';
import { PageTitle } from '../../../components/ui/page-title';
import { StatusPanel } from '../../../components/ui/status-panel';

/** Placeholder for pages whose own issue has not landed yet. */
export default function ComingSoonRoute({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <StatusPanel icon={<IconTools size={28} />}>Coming soon: this page arrives with its own issue.</StatusPanel>
    </>
  );
}
