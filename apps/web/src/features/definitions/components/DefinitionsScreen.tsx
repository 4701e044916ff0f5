import { LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ChangelogView } from './ChangelogView.tsx';
import { GlossaryView } from './GlossaryView.tsx';
import { TermsView } from './TermsView.tsx';
import { TokenHowTo } from './TokenHowTo.tsx';

// The API viewers are large: they load only when their tab is opened.
const ApiReferenceView = lazy(() =>
  import('./ApiReferenceView.tsx').then((module) => ({ default: module.ApiReferenceView })),
);
const GraphqlExplorerView = lazy(() =>
  import('./GraphqlExplorerView.tsx').then((module) => ({ default: module.GraphqlExplorerView })),
);

export const DEFINITION_TABS = ['glossary', 'terms', 'changelog', 'api', 'graphql'] as const;
type DefinitionTab = (typeof DEFINITION_TABS)[number];

const isTab = (value: string): value is DefinitionTab =>
  (DEFINITION_TABS as readonly string[]).includes(value);

/** Definitions: the glossary, the terms of service, the changelog and the API documentation. */
interface Props {
  /** The changelog tab's newest entries (a slot: the changelog is another feature). */
  latestChanges?: ReactNode;
}

export function DefinitionsScreen({ latestChanges }: Props) {
  const { t } = useTranslation();
  const { tab = 'glossary' } = useParams();
  if (!isTab(tab)) return <Navigate to="/ui/definitions" replace />;
  const pathOf = (name: DefinitionTab) =>
    name === 'glossary' ? '/ui/definitions' : `/ui/definitions/${name}`;
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
        {t('definitions.title')}
      </Typography>
      <Typography color="text.secondary">{t(`definitions.intro.${tab}`)}</Typography>
      <Tabs
        value={tab}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('definitions.title')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {DEFINITION_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`definitions.tabs.${name}`)}
            component={Link}
            to={pathOf(name)}
          />
        ))}
      </Tabs>
      {tab === 'glossary' && <GlossaryView />}
      {tab === 'terms' && <TermsView />}
      {tab === 'changelog' && <ChangelogView latest={latestChanges} />}
      {(tab === 'api' || tab === 'graphql') && (
        <>
          <TokenHowTo defaultExpanded={tab === 'api'} />
          <Suspense fallback={<LinearProgress aria-label={t('definitions.api.loading')} />}>
            {tab === 'api' ? <ApiReferenceView /> : <GraphqlExplorerView />}
          </Suspense>
        </>
      )}
    </Stack>
  );
}
