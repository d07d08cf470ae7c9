package dev.sluice.rdmaproxy.net;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The host's iproute2 ({@code ip}, {@code rdma}) and util-linux's {@code nsenter}: how Sluice reads
 * and changes netdevs, addresses, routes, network namespaces and Soft-RoCE links. They speak
 * rtnetlink and RDMA netlink and are on every host that has RDMA NICs; their JSON output ({@code ip
 * -j}) is the stable interface that Sluice parses.
 *
 * <p>A network namespace is named as {@code ip netns} names it: a file under {@code /run/netns}
 * holding a bind mount of the namespace ({@code ip netns attach}). Such a name keeps the namespace
 * alive after its last process exits, which is what lets a netdev be moved back out of a sandbox
 * that has ended, or whose runtime was killed ({@link NetdevMover}). A null name is the runtime's
 * own namespace.
 */
public final class IpRoute2 {
    /** Where {@code ip netns} keeps its names. */
    public static final Path NETNS_DIR = Path.of("/run/netns");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 30;

    /** Runs a command; {@link #SYSTEM} runs it on the host, tests give a fake. */
    public interface Exec {
        Output run(List<String> argv, String stdin) throws IOException;
    }

    /** What a command did. */
    public record Output(int status, String out, String err) {}

    /** The host's tools, each bounded by {@value #TIMEOUT_SECONDS} s. */
    public static final Exec SYSTEM = IpRoute2::runOnHost;

    private final Exec exec;
    private final Path netnsDir;

    /**
     * @param netnsDir where ip keeps namespace names ({@link #NETNS_DIR}; tests give another)
     */
    public IpRoute2(Exec exec, Path netnsDir) {
        this.exec = exec;
        this.netnsDir = netnsDir;
    }

    /**
     * {@code ip [-n NETNS] ARGS...}; its standard output, or a {@link NetdevException} naming what
     * failed.
     */
    public String ip(String netns, String... args) {
        return check(run(ipArgv(netns, args), null), "ip " + String.join(" ", args));
    }

    /** {@code ip -j [-n NETNS] ARGS...} parsed (an array; empty when ip printed nothing). */
    public JsonNode ipJson(String netns, String... args) {
        List<String> argv = ipArgv(netns, args);
        argv.add(1, "-j");
        String out = check(run(argv, null), "ip -j " + String.join(" ", args));
        try {
            return out.isBlank() ? JSON.createArrayNode() : JSON.readTree(out);
        } catch (IOException e) {
            throw new NetdevException(
                    "ip -j "
                            + String.join(" ", args)
                            + " printed something other than JSON: "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * Runs {@code lines} as one {@code ip -batch -} in NETNS: one process for a whole set of
     * changes. ip stops at the first failing line and names it.
     */
    public void batch(String netns, List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        List<String> argv = ipArgv(netns, "-batch", "-");
        check(
                run(argv, String.join("\n", lines) + "\n"),
                "ip -batch (" + String.join("; ", lines) + ")");
    }

    /** Whether NETNS has a netdev named {@code dev}. */
    public boolean linkExists(String netns, String dev) {
        Output o = run(ipArgv(netns, "link", "show", "dev", dev), null);
        return o.status() == 0;
    }

    /** {@code rdma ARGS...} in NETNS (entered with nsenter: rdma has no -n of its own). */
    public String rdma(String netns, String... args) {
        List<String> argv = new ArrayList<>();
        if (netns != null) {
            argv.addAll(List.of("nsenter", "--net=" + netnsDir.resolve(netns), "--"));
        }
        argv.add("rdma");
        argv.addAll(List.of(args));
        return check(run(argv, null), "rdma " + String.join(" ", args));
    }

    /** Names the network namespace of {@code pid} {@code name} ({@code ip netns attach}). */
    public void netnsAttach(String name, int pid) {
        ip(null, "netns", "attach", name, Integer.toString(pid));
    }

    /** Drops the name (the namespace ends once nothing else holds it); nothing if there is none. */
    public void netnsDelete(String name) {
        if (netnsExists(name)) {
            ip(null, "netns", "delete", name);
        }
    }

    public boolean netnsExists(String name) {
        return Files.exists(netnsDir.resolve(name));
    }

    private static List<String> ipArgv(String netns, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add("ip");
        if (netns != null) {
            argv.add("-n");
            argv.add(netns);
        }
        argv.addAll(List.of(args));
        return argv;
    }

    private Output run(List<String> argv, String stdin) {
        try {
            return exec.run(argv, stdin);
        } catch (IOException e) {
            throw new NetdevException(
                    "cannot run "
                            + argv.get(0)
                            + ": "
                            + e.getMessage()
                            + " (Sluice needs iproute2 and util-linux to move RDMA netdevs)",
                    e);
        }
    }

    private static String check(Output o, String what) {
        if (o.status() != 0) {
            String why = o.err().isBlank() ? o.out().strip() : o.err().strip();
            throw new NetdevException(
                    what + " failed (exit " + o.status() + "): " + why.replace('\n', ' '));
        }
        return o.out();
    }

    private static Output runOnHost(List<String> argv, String stdin) throws IOException {
        Process p =
                new ProcessBuilder(argv)
                        .redirectInput(
                                stdin == null
                                        ? ProcessBuilder.Redirect.from(
                                                new java.io.File("/dev/null"))
                                        : ProcessBuilder.Redirect.PIPE)
                        .start();
        CompletableFuture<String> out =
                CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<String> err =
                CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        if (stdin != null) {
            try (OutputStream in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(
                        String.join(" ", argv)
                                + " did not finish within "
                                + TIMEOUT_SECONDS
                                + " s");
            }
            return new Output(p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + argv.get(0), e);
        }
    }

    private static String drain(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
