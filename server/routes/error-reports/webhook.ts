/**
 * Posting to the chat service. A webhook that is slow, down or refusing must never slow down or
 * fail the request that reported the error, so every failure ends here, in a log line.
 */
import type { FastifyBaseLogger } from 'fastify';

/**
 * The body is `{ "text": "…" }`: the plain-text message format that Google Chat, Slack and
 * Mattermost incoming webhooks all accept, so the provider's chat service can be swapped without
 * a code change.
 */
export interface WebhookMessage {
  text: string;
}

/** Only scheme, host and port: webhook URLs usually carry their secret key in the path or query. */
export function describeWebhook(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}

export async function postWebhook(
  url: string,
  message: WebhookMessage,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    // Release the connection; the chat service's answer carries nothing we use.
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) {
      log.warn({ webhook: describeWebhook(url), httpStatus: response.status }, 'error-report webhook refused the message');
      return false;
    }
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'Error';
    log.warn({ webhook: describeWebhook(url), reason }, 'error-report webhook unreachable');
    return false;
  }
}
