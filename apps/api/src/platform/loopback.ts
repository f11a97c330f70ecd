import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, also as an IPv4-mapped IPv6 address, and ::1. */
const loopbackAddress = /^(?:(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/i;

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && loopbackAddress.test(address);
}

/**
 * Whether the request came over this machine's loopback interface: the socket's peer address, never
 * `X-Forwarded-For` (anyone can send it) nor `request.ip` (which believes it under TRUST_PROXY).
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress);
}
