/**
 * The OCI runtime's own protocols, as typed messages of Sluice's one wire form ({@link
 * dev.sluice.sentry.ipc}): a sentry daemon's report to {@code create} ({@link
 * dev.sluice.oci.ipc.DaemonReport}), requests on a container's {@code sentry.sock} ({@link
 * dev.sluice.oci.ipc.SentryRequest}, {@link dev.sluice.oci.ipc.SentryAnswer}), and the runtime
 * service's conversation with {@code sluice-client} ({@link dev.sluice.oci.ipc.ClientMessage},
 * {@link dev.sluice.oci.ipc.ServiceMessage}). Data only: the code that speaks them is in the daemon
 * and service packages and in ContainerRuntime.
 */
package dev.sluice.oci.ipc;
