import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from './i18n';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; key: string };

/** Catches render errors and failed route chunks (e.g. a stale chunk after a deploy). */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('layout.error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('layout.error.body')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('layout.error.reload')}
        </Button>
      </Container>
    );
  }
}
