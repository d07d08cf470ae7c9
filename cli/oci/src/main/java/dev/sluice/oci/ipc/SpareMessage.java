package dev.sluice.oci.ipc;

import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;
import dev.sluice.sentry.nativeio.HostFd;

import java.util.ArrayList;
import java.util.List;

/**
 * The conversation between the runtime service and a spare sentry it started ahead
 * (dev.sluice.oci.service.SpareSentries, dev.sluice.oci.daemon.SpareSentry), over the socket pair
 * the spare gets as its fd 3: the spare says {@link Ready} once it can take a container; the
 * service hands it exactly one, a container with {@link Container} or a {@code sluice run} sandbox
 * with {@link Sandbox}, then closes the socket. End of file before either (the service exited)
 * makes the spare exit.
 */
public sealed interface SpareMessage extends Message {
    /**
     * As long as the caller's command line and environment may be ({@link
     * ClientMessage#MAX_FRAME}).
     */
    int MAX_FRAME = ClientMessage.MAX_FRAME;

    /** {@code READY BUILD}: the spare is warm, of the build {@code build} (bin/lib/sluice.id). */
    record Ready(String build) implements SpareMessage {
        static final String VERB = "READY";

        @Override
        public Frame frame() {
            return Frame.of(VERB, build);
        }
    }

    /**
     * {@code CONTAINER ID BUNDLE C [CONSOLE] N CALLER DEBUG @ @}: become the sentry of container
     * {@code id} of {@code bundle} (absolute), what {@code create} would have started a {@code
     * sentry-daemon} for: {@code consoleSocket} (absolute) or none ({@code C} is 1 or 0), {@code
     * preservedFds} ({@code --preserve-fds}), {@code debug} ({@code 1}: create's {@code --debug}).
     * The fds are the caller's connection to the service ({@code sluice-client}, pid {@code
     * caller}), over which the spare has the caller start the container's {@code sluice-init}
     * ({@link ClientSpawner}) until it reports, and the pipe it reports on ({@link DaemonReport}).
     */
    record Container(
            String id,
            String bundle,
            String consoleSocket,
            int preservedFds,
            int caller,
            boolean debug,
            HostFd client,
            HostFd report)
            implements SpareMessage {
        static final String VERB = "CONTAINER";

        @Override
        public Frame frame() {
            List<String> f = new ArrayList<>();
            f.add(id);
            f.add(bundle);
            f.add(consoleSocket == null ? "0" : "1");
            if (consoleSocket != null) {
                f.add(consoleSocket);
            }
            f.add(Integer.toString(preservedFds));
            f.add(Integer.toString(caller));
            f.add(debug ? "1" : "0");
            return new Frame(VERB, f, 2);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(client, report);
        }
    }

    /**
     * {@code SANDBOX CWD ARGC ARG... ENVC ENV... CALLER @ @ @}: run the caller's {@code sluice run}
     * command line {@code args} (its own, not runc's) as that caller would have in a JVM of its
     * own, with its working directory {@code cwd} and environment {@code env}. The fds are the
     * caller's connection to the service ({@code sluice-client}, pid {@code caller}), over which
     * the spare has the caller start the sandbox's {@code sluice-init} ({@link ClientSpawner}),
     * wait for it and take its exit status ({@link ServiceMessage.Exit}), and the caller's stdout
     * and stderr.
     */
    record Sandbox(
            ClientMessage.Run command, int caller, HostFd client, HostFd stdout, HostFd stderr)
            implements SpareMessage {
        static final String VERB = "SANDBOX";

        @Override
        public Frame frame() {
            List<String> f =
                    new ArrayList<>(
                            ClientMessage.Run.fields(command.cwd(), command.args(), command.env()));
            f.add(Integer.toString(caller));
            return new Frame(VERB, f, 3);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(client, stdout, stderr);
        }
    }

    Protocol<SpareMessage> PROTOCOL =
            Protocol.<SpareMessage>builder("the spare sentry's peer")
                    .on(Ready.VERB, f -> new Ready(f.text("build")))
                    .on(
                            Container.VERB,
                            f -> {
                                String id = f.text("id");
                                String bundle = f.text("bundle");
                                List<String> console = f.list("console socket");
                                if (console.size() > 1) {
                                    throw f.bad("more than one console socket");
                                }
                                int n = f.natural("preserved fds");
                                int caller = f.natural("caller");
                                long debug = f.number("debug", 1);
                                return new Container(
                                        id,
                                        bundle,
                                        console.isEmpty() ? null : console.get(0),
                                        n,
                                        caller,
                                        debug == 1,
                                        f.fd("client connection"),
                                        f.fd("report pipe"));
                            })
                    .on(
                            Sandbox.VERB,
                            f ->
                                    new Sandbox(
                                            new ClientMessage.Run(
                                                    f.text("working directory"),
                                                    f.list("arguments"),
                                                    f.list("environment")),
                                            f.natural("caller"),
                                            f.fd("client connection"),
                                            f.fd("stdout"),
                                            f.fd("stderr")))
                    .build();
}
