import { Box } from '@mui/material';
import { GraphiQL } from 'graphiql';
import { useEffect, useRef, type ComponentProps } from 'react';
import 'graphiql/style.css';
import { useTranslation } from 'react-i18next';
import { postGraphql, RequestError } from '@/lib/http.ts';

type GraphiqlFetcher = ComponentProps<typeof GraphiQL>['fetcher'];
type ExecutionResult = Awaited<ReturnType<GraphiqlFetcher>>;

interface GraphqlParams {
  query: string;
  variables?: unknown;
  operationName?: string | null;
}

/** GraphQL answers, errors included, as GraphiQL shows them; the session's token is sent. */
async function fetcher(params: GraphqlParams): Promise<ExecutionResult> {
  try {
    // Whatever the explorer asks: its answer is GraphQL's own result, shown as it comes.
    return (await postGraphql(params)) as ExecutionResult;
  } catch (error) {
    if (error instanceof RequestError && error.body) return error.body as ExecutionResult;
    throw error;
  }
}

/** GraphiQL over the product's GraphQL schema: its documentation lists every operation. */
export function GraphqlExplorerView() {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  // The schema's documentation opens beside the editor, listing every operation at once.
  useEffect(() => {
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      const show = container.current?.querySelector<HTMLButtonElement>(
        'button[aria-label="Show Documentation Explorer"]',
      );
      if (show) show.click();
      if (show || tries > 40) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box
      ref={container}
      data-testid="graphql-explorer"
      sx={{
        height: { xs: 640, md: 'calc(100vh - 260px)' },
        minHeight: 520,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <GraphiQL
        fetcher={fetcher}
        defaultQuery={t('definitions.api.graphqlDefaultQuery')}
        isHeadersEditorEnabled={false}
        defaultEditorToolsVisibility="variables"
        forcedTheme="light"
      />
    </Box>
  );
}
