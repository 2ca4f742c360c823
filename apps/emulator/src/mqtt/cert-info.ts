import { X509Certificate } from 'node:crypto';

/** mbedTLS prints distinguished names on one line, `C=US, O=..., CN=...`. */
const oneLine = (dn: string): string => dn.split('\n').join(', ');

/** `2035-06-04 11:04:38` from a JavaScript date string. */
function mbedDate(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The certificate summary of the MQTT status (contract §3.9), in the layout of mbedTLS's
 * `mbedtls_x509_crt_info` for the first certificate of a PEM text, cut to about 1 KB;
 * `""` when the text does not parse.
 */
export function certificateInfo(pem: string): string {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    return '';
  }
  const serial = (cert.serialNumber.match(/../g) ?? []).join(':');
  const lines = [
    `cert. version     : 3`,
    `serial number     : ${serial}`,
    `issuer name       : ${oneLine(cert.issuer)}`,
    `subject name      : ${oneLine(cert.subject)}`,
    `issued  on        : ${mbedDate(cert.validFrom)}`,
    `expires on        : ${mbedDate(cert.validTo)}`,
  ];
  const key = cert.publicKey;
  if (key.asymmetricKeyType === 'rsa') {
    lines.push(`signed using      : RSA with SHA-256`);
    lines.push(`RSA key size      : ${key.asymmetricKeyDetails?.modulusLength ?? 0} bits`);
  } else if (key.asymmetricKeyType === 'ec') {
    lines.push(`signed using      : ECDSA with SHA256`);
    lines.push(
      `EC key size       : ${key.asymmetricKeyDetails?.namedCurve === 'secp384r1' ? 384 : 256} bits`,
    );
  }
  if (cert.ca) lines.push('basic constraints : CA=true');
  return `${lines.join('\n')}\n`.slice(0, 1023);
}
