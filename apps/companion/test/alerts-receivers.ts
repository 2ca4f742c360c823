// Real receivers for the MQTT and e-mail channels, each its own process on a fixed port so
// it can be stopped and started again while the companion keeps trying: Debian's Mosquitto
// (with a password file, no persistence: a restart forgets every retained message) and
// Python's aiosmtpd (with LOGIN/PLAIN credentials, every message appended to a file).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { tempDir, until } from './helpers';

const MOSQUITTO = '/usr/sbin/mosquitto';
const PYTHON = '/usr/bin/python3';

const accepts = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/** A receiver process on a fixed port, taking the one login given, that may be down for a while. */
abstract class ReceiverProcess {
  private child: ChildProcess | undefined;
  protected dir = '';
  readonly output: string[] = [];

  constructor(
    readonly port: number,
    readonly user: string,
    readonly password: string,
  ) {}

  protected abstract prepare(): Promise<void>;
  protected abstract command(): [string, string[]];

  async start(): Promise<void> {
    if (!this.dir) {
      this.dir = await tempDir('receiver');
      await this.prepare();
    }
    const [file, args] = this.command();
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child = child;
    await until(() => accepts(this.port), 15_000, `${file} listening on ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }

  async remove(): Promise<void> {
    await this.stop();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

export class Mosquitto extends ReceiverProcess {
  protected async prepare(): Promise<void> {
    await promisify(execFile)('/usr/bin/mosquitto_passwd', [
      '-b',
      '-c',
      join(this.dir, 'passwd'),
      this.user,
      this.password,
    ]);
    await writeFile(
      join(this.dir, 'mosquitto.conf'),
      [
        `listener ${this.port} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${join(this.dir, 'passwd')}`,
        'persistence false',
        // Run as whoever starts the test: as root it would switch to a user that cannot read the file.
        'user root',
        '',
      ].join('\n'),
    );
  }

  protected command(): [string, string[]] {
    return [MOSQUITTO, ['-c', join(this.dir, 'mosquitto.conf')]];
  }

  /** A client that subscribes to `filter` and keeps the last message of each topic. */
  async subscriber(filter: string): Promise<Subscriber> {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${this.port}`, {
      username: this.user,
      password: this.password,
      reconnectPeriod: 0,
    });
    const subscriber = new Subscriber(client);
    await client.subscribeAsync(filter, { qos: 1 });
    return subscriber;
  }
}

export interface Seen {
  payload: string;
  retain: boolean;
}

export class Subscriber {
  readonly last = new Map<string, Seen>();
  readonly all: { topic: string; payload: string; retain: boolean }[] = [];

  constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      const seen = { payload: payload.toString(), retain: packet.retain };
      this.last.set(topic, seen);
      this.all.push({ topic, ...seen });
    });
  }

  json<T>(topic: string): T {
    const seen = this.last.get(topic);
    if (!seen) throw new Error(`nothing on ${topic}`);
    return JSON.parse(seen.payload) as T;
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}

const SMTP_SCRIPT = `
import json, sys, threading
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

port, out, user, password = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]

class Handler:
    async def handle_DATA(self, server, session, envelope):
        with open(out, "a") as file:
            file.write(json.dumps({
                "from": envelope.mail_from,
                "to": envelope.rcpt_tos,
                "data": envelope.content.decode("utf8", "replace"),
            }) + "\\n")
        return "250 Taken for delivery"

def authenticator(server, session, envelope, mechanism, auth_data):
    ok = (isinstance(auth_data, LoginPassword) and auth_data.login == user.encode()
          and auth_data.password == password.encode())
    # handled=False: the server answers 535 itself (its default, True, would leave the client waiting).
    return AuthResult(success=ok, handled=False)

controller = Controller(Handler(), hostname="127.0.0.1", port=port, authenticator=authenticator,
                        auth_required=True, auth_require_tls=False)
controller.start()
threading.Event().wait()
`;

export interface Mail {
  from: string;
  to: string[];
  /** The whole message as received: headers, blank line, body. */
  data: string;
}

export class MailReceiver extends ReceiverProcess {
  protected async prepare(): Promise<void> {
    await writeFile(join(this.dir, 'receiver.py'), SMTP_SCRIPT);
  }

  protected command(): [string, string[]] {
    return [
      PYTHON,
      [
        join(this.dir, 'receiver.py'),
        String(this.port),
        join(this.dir, 'mail.jsonl'),
        this.user,
        this.password,
      ],
    ];
  }

  async mails(): Promise<Mail[]> {
    const text = await readFile(join(this.dir, 'mail.jsonl'), 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Mail);
  }
}

/** A header of a received message, unfolded. */
export function headerOf(mail: Mail, name: string): string | undefined {
  const head = mail.data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
