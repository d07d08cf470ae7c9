package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A fake of the host's {@code ip} for {@link NetdevMover}'s tests: netdevs with a namespace (null:
 * the runtime's) and addresses; namespaces named by files under a directory, as ip names them.
 * Records every command; a batch in a namespace whose text contains {@link #failBatchContaining}
 * fails.
 */
final class FakeIpRoute2 implements IpRoute2.Exec {
    final Map<String, String> where = new HashMap<>();
    final Map<String, List<String>> addresses = new HashMap<>();
    final List<String> log = new ArrayList<>();
    final Path netnsDir;
    String failBatchContaining;

    FakeIpRoute2(Path netnsDir) {
        this.netnsDir = netnsDir;
    }

    /** A netdev on the host with an IPv4 address. */
    void hostNetdev(String dev, String cidr) {
        where.put(dev, null);
        addresses.put(dev, new ArrayList<>(List.of(cidr)));
    }

    IpRoute2 ip() {
        return new IpRoute2(this, netnsDir);
    }

    @Override
    public IpRoute2.Output run(List<String> argv, String stdin) {
        log.add(
                String.join(" ", argv)
                        + (stdin == null ? "" : " <<< " + stdin.strip().replace('\n', ';')));
        List<String> a = new ArrayList<>(argv);
        if (!a.remove(0).equals("ip")) {
            return new IpRoute2.Output(0, "", "");
        }
        String ns = null;
        if (a.get(0).equals("-n")) {
            a.remove(0);
            ns = a.remove(0);
        }
        boolean json = a.get(0).equals("-j");
        if (json) {
            a.remove(0);
        }
        String cmd = String.join(" ", a);
        if (cmd.startsWith("netns attach ")) {
            touch(netnsDir.resolve(a.get(2)));
            return ok("");
        }
        if (cmd.startsWith("netns delete ")) {
            try {
                Files.deleteIfExists(netnsDir.resolve(a.get(2)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return ok("");
        }
        if (cmd.startsWith("-batch")) {
            if (failBatchContaining != null && ns != null && stdin.contains(failBatchContaining)) {
                return new IpRoute2.Output(1, "", "Command failed -:1");
            }
            for (String line : stdin.split("\n")) {
                if (line.startsWith("addr replace ")) {
                    String[] w = line.split(" ");
                    addresses.computeIfAbsent(w[4], k -> new ArrayList<>()).add(w[2]);
                }
            }
            return ok("");
        }
        if (cmd.contains("route show")) {
            return ok("[]");
        }
        String dev = a.size() > 3 ? a.get(3) : "";
        boolean here = where.containsKey(dev) && java.util.Objects.equals(where.get(dev), ns);
        if (cmd.startsWith("addr show dev ") || cmd.startsWith("link show dev ")) {
            if (!here) {
                return new IpRoute2.Output(1, "", "Device \"" + dev + "\" does not exist.");
            }
            if (!json) {
                return ok("");
            }
            StringBuilder info = new StringBuilder();
            for (String c : addresses.getOrDefault(dev, List.of())) {
                String[] p = c.split("/");
                info.append(info.length() == 0 ? "" : ",")
                        .append("{\"family\":\"inet\",\"local\":\"")
                        .append(p[0])
                        .append("\",\"prefixlen\":")
                        .append(p[1])
                        .append(",\"scope\":\"global\",\"label\":\"")
                        .append(dev)
                        .append("\"}");
            }
            return ok(
                    "[{\"ifname\":\""
                            + dev
                            + "\",\"flags\":[\"BROADCAST\",\"UP\"],\"mtu\":9000,\"addr_info\":["
                            + info
                            + "]}]");
        }
        if (cmd.startsWith("link set dev ") && a.get(4).equals("netns")) {
            if (!here) {
                return new IpRoute2.Output(1, "", "Cannot find device \"" + dev + "\"");
            }
            String to = a.get(5).matches("\\d+") ? null : a.get(5);
            where.put(dev, to);
            addresses.remove(dev); // the kernel drops them
            return ok("");
        }
        if (cmd.startsWith("link set dev ") && a.get(4).equals("name")) {
            where.put(a.get(5), where.remove(dev));
            return ok("");
        }
        return ok("");
    }

    private static IpRoute2.Output ok(String out) {
        return new IpRoute2.Output(0, out, "");
    }

    private static void touch(Path p) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
