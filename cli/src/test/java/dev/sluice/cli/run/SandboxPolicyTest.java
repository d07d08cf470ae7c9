package dev.sluice.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.SandboxSpec;
import dev.sluice.sentry.launch.SysView;
import dev.sluice.sentry.seccomp.DefaultProfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/** {@code sluice run}'s options to the sandbox, on requests that need no device and no root. */
class SandboxPolicyTest {
    private static final Map<String, String> CALLER = Map.of("HOME", "/root", "LANG", "C.UTF-8");

    @TempDir Path tmp;

    /** A request with the defaults of RunCommand's options, changed by {@code edit}. */
    private static RunRequest request(UnaryOperator<Builder> edit) {
        return edit.apply(new Builder()).build();
    }

    /** The request's fields, mutable for the tests. */
    private static final class Builder {
        Path rootfs;
        String net;
        List<String> env = List.of();
        List<String> devices = List.of();
        List<String> rdmaNetdevs = List.of();
        boolean strictArp;
        List<String> rdmaDevices = List.of();
        boolean rdmaStrict;
        boolean allowIoUring;
        List<String> proxies = List.of();
        String seccompProfile;
        String rdmaGeneric;

        RunRequest build() {
            return new RunRequest(
                    List.of("true"),
                    rootfs,
                    net,
                    env,
                    devices,
                    List.of(),
                    rdmaDevices,
                    rdmaNetdevs,
                    strictArp,
                    false,
                    rdmaStrict,
                    rdmaGeneric,
                    null,
                    null,
                    "compute,utility",
                    null,
                    proxies,
                    seccompProfile,
                    allowIoUring,
                    () -> {
                        throw new IllegalStateException("no NVIDIA driver in this test");
                    });
        }
    }

    private static IllegalArgumentException refused(UnaryOperator<Builder> edit) {
        return assertThrows(
                IllegalArgumentException.class,
                () -> SandboxPolicy.of(request(edit)).spec(CALLER, "/"));
    }

    @Test
    void theDefaultSandbox() {
        SandboxPolicy p = SandboxPolicy.of(request(b -> b));
        SandboxSpec s = p.spec(CALLER, "/");
        assertEquals(SandboxSpec.Network.HOST, s.network(), "the host's network by default");
        assertEquals(DefaultProfile.get(), s.seccomp(), "the container engines' default profile");
        assertEquals(SysView.NONE, s.sysView(), "no RDMA device: /sys as the host shows it");
        assertEquals(List.of(), s.devices(), "nothing granted");
        assertEquals(Map.of(), s.netSysctls(), "no strict ARP settings");
        assertTrue(
                s.env().containsAll(List.of("HOME=/root", "LANG=C.UTF-8")),
                "the caller's environment: " + s.env());
        assertEquals(
                "compute,utility",
                p.proxyConfig().options().get("nvproxy.capabilities"),
                "--nvproxy-caps as an option");
        assertEquals(List.of(), p.netdevs(), "no netdev moved");
        assertEquals(List.of(), p.strictArpHostNetdevs(), "no host sysctl to change");
    }

    @Test
    void strictRdmaModeNeedsAnRdmaDeviceAndRefusesIoUring() {
        IllegalArgumentException alone =
                refused(
                        b -> {
                            b.rdmaStrict = true;
                            return b;
                        });
        assertTrue(
                alone.getMessage().contains("--rdma-strict needs an --rdma device"),
                "strict mode alone mediates nothing: " + alone.getMessage());
        IllegalArgumentException ring =
                refused(
                        b -> {
                            b.rdmaStrict = true;
                            b.allowIoUring = true;
                            b.rdmaDevices = List.of("rxe0");
                            return b;
                        });
        assertTrue(
                ring.getMessage().contains("--rdma-strict refuses io_uring"),
                "a ring's writes would pass the filter: " + ring.getMessage());
    }

    @Test
    void rdmaGenericBecomesRdmaproxysOptionAndABadValueIsRefused() {
        assertEquals(
                null,
                SandboxPolicy.of(request(b -> b)).proxyConfig().options().get("rdmaproxy.generic"),
                "without --rdma-generic the option is absent: drivers without a plugin are refused");
        for (String v : List.of("true", "force")) {
            assertEquals(
                    v,
                    SandboxPolicy.of(
                                    request(
                                            b -> {
                                                b.rdmaGeneric = v;
                                                return b;
                                            }))
                            .proxyConfig()
                            .options()
                            .get("rdmaproxy.generic"),
                    "--rdma-generic" + (v.equals("true") ? "" : "=" + v) + " reaches RDMAProxy");
        }
        assertEquals(
                null,
                SandboxPolicy.of(
                                request(
                                        b -> {
                                            b.rdmaGeneric = "false";
                                            return b;
                                        }))
                        .proxyConfig()
                        .options()
                        .get("rdmaproxy.generic"),
                "--rdma-generic=false is the default");
        IllegalArgumentException e =
                refused(
                        b -> {
                            b.rdmaGeneric = "all";
                            return b;
                        });
        assertTrue(
                e.getMessage()
                        .startsWith("--rdma-generic: \"all\" is not one of false, true, force"),
                e.getMessage());
    }

    @Test
    void aMovedNetdevMeansANamespaceOfTheSandboxsOwnWithTheStrongHostModel() {
        SandboxSpec s =
                SandboxPolicy.of(
                                request(
                                        b -> {
                                            b.rdmaNetdevs = List.of("eth7=rdma0");
                                            return b;
                                        }))
                        .spec(CALLER, "/");
        assertEquals(SandboxSpec.Network.NONE, s.network(), "--rdma-netdev implies --net none");
        assertTrue(s.hostSetup(), "the host moves the netdev in");
        assertEquals(
                "1",
                s.netSysctls().get("net/ipv4/conf/rdma0/arp_ignore"),
                "arp_ignore on the netdev's name inside");
        assertEquals("2", s.netSysctls().get("net/ipv4/conf/all/arp_announce"), "and on all");
    }

    @Test
    void optionsThatContradictEachOtherAreRefused() {
        assertTrue(
                refused(
                                b -> {
                                    b.net = "bridge";
                                    return b;
                                })
                        .getMessage()
                        .contains("--net must be host or none, not 'bridge'"));
        assertTrue(
                refused(
                                b -> {
                                    b.net = "host";
                                    b.rdmaNetdevs = List.of("eth7");
                                    return b;
                                })
                        .getMessage()
                        .contains("not with --net host"));
        assertTrue(
                refused(
                                b -> {
                                    b.net = "none";
                                    b.strictArp = true;
                                    return b;
                                })
                        .getMessage()
                        .contains("--rdma-strict-arp is for --net host"));
        assertTrue(
                refused(
                                b -> {
                                    b.rootfs = tmp.resolve("absent");
                                    return b;
                                })
                        .getMessage()
                        .endsWith("absent: no such directory"));
        assertTrue(
                refused(
                                b -> {
                                    b.env = List.of("=x");
                                    return b;
                                })
                        .getMessage()
                        .contains("--env =x: empty name"));
    }

    @Test
    void onlyDeviceNodesAreGrantedEachOnce() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "");
        assertTrue(
                refused(
                                b -> {
                                    b.devices = List.of(file.toString());
                                    return b;
                                })
                        .getMessage()
                        .contains("not a device node"),
                "a regular file");
        assertTrue(
                refused(
                                b -> {
                                    b.devices = List.of(tmp.toString());
                                    return b;
                                })
                        .getMessage()
                        .contains("not a device node"),
                "a directory");
        SandboxPolicy p =
                SandboxPolicy.of(
                        request(
                                b -> {
                                    b.devices = List.of("/dev/null", "/dev/../dev/null");
                                    b.proxies = List.of("pty");
                                    return b;
                                }));
        assertEquals(
                List.of(Path.of("/dev/null")),
                p.proxyConfig().grantedDevices(),
                "normalized, granted once");
        assertEquals(Set.of("pty"), p.proxyConfig().enabledProxies(), "--proxy");
        assertEquals(
                List.of(Path.of("/dev/null")),
                p.spec(CALLER, "/").devices(),
                "in the sandbox's /dev");
    }

    @Test
    void theEnvironmentIsTheCallersWithEnvApplied() {
        Map<String, String> caller = new LinkedHashMap<>(CALLER);
        SandboxSpec s =
                SandboxPolicy.of(
                                request(
                                        b -> {
                                            b.env =
                                                    List.of(
                                                            "LANG=de_DE.UTF-8",
                                                            "HOME",
                                                            "ABSENT",
                                                            "NEW=a=b");
                                            return b;
                                        }))
                        .spec(caller, "/");
        assertTrue(s.env().contains("LANG=de_DE.UTF-8"), "NAME=VALUE overrides: " + s.env());
        assertTrue(s.env().contains("HOME=/root"), "NAME imports the caller's value: " + s.env());
        assertTrue(
                s.env().stream().noneMatch(e -> e.startsWith("ABSENT")),
                "a NAME the caller lacks adds nothing: " + s.env());
        assertTrue(
                s.env().contains("NEW=a=b"),
                "the value is everything after the first '=': " + s.env());
    }

    @Test
    void unconfinedLoadsNoProfileAndAWorkingDirectoryTheRootLacksIsSlash() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root/work"));
        SandboxSpec s =
                SandboxPolicy.of(
                                request(
                                        b -> {
                                            b.seccompProfile = SandboxPolicy.UNCONFINED;
                                            b.rootfs = root.getParent();
                                            return b;
                                        }))
                        .spec(CALLER, "/elsewhere");
        assertNull(s.seccomp(), "--seccomp-profile unconfined");
        assertEquals("/", s.cwd(), "the caller's directory is not in --rootfs");
        assertEquals(root.getParent(), s.rootfs(), "--rootfs, absolute");
        assertEquals(
                "/work",
                SandboxPolicy.of(
                                request(
                                        b -> {
                                            b.rootfs = root.getParent();
                                            return b;
                                        }))
                        .spec(CALLER, "/work")
                        .cwd(),
                "kept where the root has it");
    }
}
