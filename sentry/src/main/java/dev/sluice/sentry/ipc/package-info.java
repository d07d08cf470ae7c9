/**
 * Sluice's one wire form between its processes: typed messages ({@link
 * dev.sluice.sentry.ipc.Message}, one record per verb), framed and escaped by {@link
 * dev.sluice.sentry.ipc.FrameCodec}, carried with their fds by {@link
 * dev.sluice.sentry.ipc.Channel} over the one {@code sendmsg}/{@code recvmsg} binding ({@link
 * dev.sluice.sentry.ipc.SocketMessages}, layouts in {@link dev.sluice.sentry.ipc.SocketAbi}). Four
 * protocols use it: the control socket to {@code sluice-init} ({@link
 * dev.sluice.sentry.ipc.ControlMessage}), and the OCI runtime's daemon report, {@code sentry.sock}
 * and runtime service (their messages are the runtime's, in {@code dev.sluice.oci.ipc}). The C
 * peers, {@code sluice-init} and {@code sluice-client}, share native-shims' {@code common/ipc.c}.
 * The grammar is in docs/launch-plan.md, "Frames".
 */
package dev.sluice.sentry.ipc;
