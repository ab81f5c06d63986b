import type { AddressInfo } from 'node:net';
import { Packet, UDPServer } from 'dns2';

export interface DnsPeer {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER. */
  server: string;
  /** Publishes a TXT record at `name` (lower case, no trailing dot). */
  publishTxt(name: string, text: string): void;
  close(): Promise<void>;
}

/**
 * A real DNS server (dns2, over UDP on 127.0.0.1) answering TXT questions from the records the test
 * publishes; any other name is answered with no record.
 */
export async function startDnsPeer(): Promise<DnsPeer> {
  const records = new Map<string, string[]>();
  const server = new UDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    for (const question of request.questions) {
      if (question.type !== Packet.TYPE.TXT) continue;
      for (const data of records.get(question.name.toLowerCase()) ?? []) {
        response.answers.push(
          Packet.createResourceFromQuestion(question, {
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data,
          }),
        );
      }
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    publishTxt(name, text) {
      records.set(name, [...(records.get(name) ?? []), text]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
