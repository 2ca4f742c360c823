import type { SystemStatus } from '@opendtu/api';
import { useEffect, useState } from 'react';

export function SystemStatusPage() {
  const [status, setStatus] = useState<SystemStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    fetch('api/system/status', {
      signal: controller.signal,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<SystemStatus>)
          : Promise.reject(new Error(response.statusText)),
      )
      .then(setStatus, (reason: unknown) => {
        if (!controller.signal.aborted) setError(String(reason));
      });
    return () => controller.abort();
  }, []);
  return (
    <>
      <h1 className="h3">System info</h1>
      {error && <div className="alert alert-danger">{error}</div>}
      {status && (
        <table className="table">
          <tbody>
            <tr>
              <th scope="row">Hostname</th>
              <td>{status.hostname}</td>
            </tr>
            <tr>
              <th scope="row">Firmware</th>
              <td>{status.git_hash}</td>
            </tr>
          </tbody>
        </table>
      )}
    </>
  );
}
