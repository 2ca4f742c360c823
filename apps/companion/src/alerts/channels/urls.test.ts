import { describe, expect, it } from 'vitest';
import { ChannelUrlError, parseChannel } from '../channels';

/** The reason a URL is refused with (the message of its ChannelUrlError). */
function refusal(text: string): string {
  try {
    parseChannel(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ChannelUrlError);
    return (error as Error).message;
  }
  throw new Error(`${text} was taken`);
}

describe('MQTT and e-mail channel URLs', () => {
  it('takes mqtt:// and mqtts:// with a topic, masking the password', () => {
    const plain = parseChannel('mqtt://broker.local/opendtu-alerts');
    expect(plain).toMatchObject({ kind: 'mqtt', masked: 'mqtt://broker.local/opendtu-alerts', secrets: [] });
    const secure = parseChannel('mqtts://ha:s3cret@broker.local:8883/home/solar?discovery=ha');
    expect(secure.kind).toBe('mqtt');
    expect(secure.masked).toBe('mqtts://ha:****@broker.local:8883/home/solar?discovery=ha');
    expect(secure.target.href).toBe('mqtts://broker.local:8883/home/solar');
    expect(secure.secrets).toContain('s3cret');
  });

  it('refuses an MQTT URL without a usable topic or with an unknown option, saying why', () => {
    expect(refusal('mqtt://user:hidden@broker.local')).toMatch(/needs a topic/);
    expect(refusal('mqtt://broker.local/')).toMatch(/needs a topic/);
    expect(refusal('mqtt://broker.local/solar/#')).toMatch(/must not hold \+ or #/);
    expect(refusal('mqtt://broker.local/solar//alerts')).toMatch(/empty level/);
    expect(refusal('mqtt://broker.local/solar?retain=1')).toMatch(/unknown option "retain"/);
    expect(refusal('mqtt://user:hidden@broker.local')).not.toContain('hidden');
  });

  it('takes smtp:// and smtps:// with to= (several) and from= or an address as user name', () => {
    const mail = parseChannel(
      'smtp://me%40example.org:s3cret@mail.example:587?to=a@example.org,b@example.org',
    );
    expect(mail).toMatchObject({ kind: 'email' });
    expect(mail.masked).toBe('smtp://me%40example.org:****@mail.example:587?to=a@example.org,b@example.org');
    expect(mail.secrets).toContain('s3cret');
    const tls = parseChannel('smtps://login:pw@mail.example?from=solar@example.org&to=me@example.org');
    expect(tls.target.href).toBe('smtps://mail.example');
    expect(tls.masked).not.toContain(':pw@');
  });

  it('refuses an e-mail URL without to=, without a sender or with a bad address, saying why', () => {
    expect(refusal('smtp://me:secret@mail.example:587?from=me@example.org')).toMatch(/needs to=/);
    expect(refusal('smtp://login:secret@mail.example:587?to=me@example.org')).toMatch(/needs from=/);
    expect(refusal('smtp://mail.example?from=me@example.org&to=nobody')).toMatch(
      /"nobody" is not an e-mail address/,
    );
    expect(refusal('smtp://mail.example/inbox?to=me@example.org')).toMatch(/has no path/);
    expect(refusal('smtp://mail.example?to=me@example.org&cc=x@example.org')).toMatch(/unknown option "cc"/);
    expect(refusal('smtp://me:secret@mail.example:587?from=me@example.org')).not.toContain('secret');
  });

  it('names a bad port, and the kinds there are', () => {
    expect(refusal('mqtt://broker.local:99999/solar')).toMatch(/bad port "99999"/);
    expect(refusal('smtp://user:hidden@mail.example:0?to=me@example.org')).toMatch(/bad port "0"/);
    expect(refusal('smtp://user:hidden@mail.example:smtp?to=me@example.org')).toMatch(/bad port "smtp"/);
    expect(refusal('smtp://user:hidden@mail.example:smtp?to=me@example.org')).not.toContain('hidden');
    expect(refusal('ftp://host/x')).toMatch(/mqtt:\/\/.*smtp:\/\//);
  });
});
