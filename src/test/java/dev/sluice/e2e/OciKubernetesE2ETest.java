package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.e2e.cri.ContainerConfig;
import dev.sluice.e2e.cri.ContainerMetadata;
import dev.sluice.e2e.cri.ContainerState;
import dev.sluice.e2e.cri.ContainerStatus;
import dev.sluice.e2e.cri.CreateContainerRequest;
import dev.sluice.e2e.cri.ExecSyncResponse;
import dev.sluice.e2e.cri.ImageSpec;
import dev.sluice.e2e.cri.LinuxPodSandboxConfig;
import dev.sluice.e2e.cri.PodSandboxConfig;
import dev.sluice.e2e.cri.PodSandboxMetadata;
import dev.sluice.e2e.cri.RunPodSandboxRequest;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes' path to a runtime, without a kubelet: containerd's CRI plugin with a RuntimeClass
 * handler {@code sluice} ({@code runtime_type = "io.containerd.runc.v2"}, {@code BinaryName} =
 * bin/sluice) beside the default {@code runc}, driven through the CRI by {@link CriClient} as the
 * kubelet drives it. Each handler gets the same pod: a sandbox ("pause") container with a cgroup
 * parent, a hostname and a CNI network namespace, then two app containers that join its network,
 * ipc, uts and pid namespaces by path, and print what they see. Sluice must print what runc prints.
 *
 * <p>Needs containerd with its CRI plugin and the CNI plugins (Debian's containerd and
 * containernetworking-plugins; .ci/run installs both); skipped, saying so, where they are absent.
 * The pod's image is built here ({@link OciImageArchive}) and imported, so no registry is needed.
 */
@RequiresRoot
@Timeout(600)
class OciKubernetesE2ETest {
    private static final String NAMESPACE = "k8s.io";
    private static final String IMAGE = "docker.io/sluice-test/pause:1";
    private static final Path CNI_BIN = Path.of("/usr/lib/cni");
    private static final Duration WAIT = Duration.ofSeconds(60);

    /** The pod's shared namespaces as an app container sees them, and its view of the pod. */
    private static final String PROBE =
            String.join(
                    "\n",
                    "hostname",
                    "ls /sys/class/net | tr '\\n' ' '; echo",
                    "for t in net ipc uts pid mnt; do",
                    "  if [ \"$(readlink /proc/1/ns/$t)\" = \"$(readlink /proc/self/ns/$t)\" ];"
                            + " then echo \"$t: the sandbox's\"; else echo \"$t: its own\"; fi",
                    "done",
                    "tr '\\0' ' ' < /proc/1/cmdline; echo",
                    "grep -c \"$1\" /proc/self/cgroup >/dev/null && echo 'in the pod cgroup'",
                    "exit 3");

    /** Runs until SIGTERM, then exits 0: a server that the kubelet stops. */
    private static final String SERVER = "trap 'exit 0' TERM; while :; do sleep 1; done";

    private static Path work;
    private static PrivateContainerd containerd;
    private static String bridge;

    /** The pods' cgroup parents go under this cgroup, removed at the end as a kubelet would. */
    private static final String PODS = Sluice.unique("sluice-cri");

    @BeforeAll
    static void startContainerd() throws Exception {
        PrivateContainerd.assumeInstalled();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isExecutable(CNI_BIN.resolve("bridge"))
                        && Files.isExecutable(CNI_BIN.resolve("host-local"))
                        && Files.isExecutable(CNI_BIN.resolve("loopback")),
                "SKIPPED: the CNI plugins are not installed in "
                        + CNI_BIN
                        + " (apt-get install containernetworking-plugins)");
        OciBundle.assumeBusybox();
        work = Sluice.workDir().resolve(Sluice.unique("cri"));
        Files.createDirectories(work);
        bridge = "slcri" + Long.toHexString(System.nanoTime() & 0xffffff);
        Path cni = Files.createDirectories(work.resolve("cni"));
        Files.writeString(
                cni.resolve("10-pods.conflist"),
                """
                {"cniVersion": "0.4.0", "name": "sluice-test-pods", "plugins": [
                  {"type": "bridge", "bridge": "%s", "isGateway": false, "ipMasq": false,
                   "ipam": {"type": "host-local", "dataDir": "%s",
                            "ranges": [[{"subnet": "10.231.77.0/24"}]]}}]}
                """
                        .formatted(bridge, work.resolve("ipam")));
        String cri =
                """
                [plugins."io.containerd.grpc.v1.cri"]
                  sandbox_image = "%1$s"
                  stream_server_address = "127.0.0.1"
                  stream_server_port = "0"
                  restrict_oom_score_adj = true
                  [plugins."io.containerd.grpc.v1.cri".containerd]
                    snapshotter = "native"
                    default_runtime_name = "runc"
                    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
                      runtime_type = "io.containerd.runc.v2"
                      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
                        Root = "%2$s/runc-root"
                    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.sluice]
                      runtime_type = "io.containerd.runc.v2"
                      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.sluice.options]
                        BinaryName = "%3$s"
                        Root = "%2$s/sluice-root"
                  [plugins."io.containerd.grpc.v1.cri".cni]
                    bin_dir = "%4$s"
                    conf_dir = "%5$s"
                """
                        .formatted(IMAGE, work, Sluice.bin(), CNI_BIN, cni);
        containerd = PrivateContainerd.start(work, true, cri);
        Path image =
                OciImageArchive.write(
                        work,
                        IMAGE,
                        Map.of(
                                "/pause",
                                "#!/bin/sh\ntrap 'exit 0' TERM INT\nwhile :; do sleep 1; done\n"),
                        List.of("/pause"));
        PrivateContainerd.Out imported =
                containerd.ctr("-n", NAMESPACE, "images", "import", image.toString());
        assertEquals(0, imported.exitCode(), "the pod image imports:\n" + imported);
    }

    @AfterAll
    static void stopContainerd() throws Exception {
        if (containerd != null) {
            containerd.close(NAMESPACE);
        }
        if (bridge != null) {
            new ProcessBuilder("ip", "link", "del", bridge).start().waitFor();
        }
        removeCgroups();
    }

    /**
     * Removes the pods' cgroup parents (the kubelet's part: runc makes a container's missing
     * parents and leaves them), deepest first, in every hierarchy (v1's and the unified one).
     */
    private static void removeCgroups() throws IOException {
        List<Path> hierarchies = new ArrayList<>(List.of(Path.of("/sys/fs/cgroup")));
        try (var s = Files.list(Path.of("/sys/fs/cgroup"))) {
            s.filter(Files::isDirectory).forEach(hierarchies::add);
        }
        for (Path h : hierarchies) {
            Path top = h.resolve(PODS);
            if (!Files.isDirectory(top)) {
                continue;
            }
            try (var walk = Files.walk(top)) {
                for (Path d :
                        walk.filter(Files::isDirectory)
                                .sorted(java.util.Comparator.reverseOrder())
                                .toList()) {
                    Files.delete(d);
                }
            }
        }
    }

    /** What one handler's pod printed: per app container, its exit status and its lines. */
    private record Pod(String handler, List<Integer> exits, List<String> outputs) {}

    private Pod runPod(String handler) throws Exception {
        String uid = Sluice.unique("uid");
        String parent = "/" + PODS + "/pod" + uid;
        PodSandboxConfig sandbox =
                PodSandboxConfig.newBuilder()
                        .setMetadata(
                                PodSandboxMetadata.newBuilder()
                                        .setName("probe-" + handler)
                                        .setUid(uid)
                                        .setNamespace("default"))
                        .setHostname("probe-pod")
                        .setLogDirectory(
                                Files.createDirectories(work.resolve("logs-" + uid)).toString())
                        .setLinux(LinuxPodSandboxConfig.newBuilder().setCgroupParent(parent))
                        .build();
        try (CriClient cri = new CriClient(containerd.socket(), WAIT)) {
            assertEquals("v1", cri.version().getRuntimeApiVersion(), "containerd serves CRI v1");
            String pod =
                    cri.runPodSandbox(
                            RunPodSandboxRequest.newBuilder()
                                    .setConfig(sandbox)
                                    .setRuntimeHandler(handler)
                                    .build());
            List<Integer> exits = new ArrayList<>();
            List<String> outputs = new ArrayList<>();
            try {
                for (String name : List.of("first", "second")) {
                    String id = startContainer(cri, pod, sandbox, name, PROBE, "probe", parent);
                    ContainerStatus st = awaitExit(cri, id);
                    exits.add(st.getExitCode());
                    outputs.add(
                            criLog(Path.of(sandbox.getLogDirectory(), name + ".log"))
                                    + (st.getMessage().isEmpty()
                                            ? ""
                                            : "message: " + st.getMessage()));
                    cri.removeContainer(id);
                }
                // A long-running container: a probe execs into it, then the kubelet stops it.
                String server = startContainer(cri, pod, sandbox, "server", SERVER);
                ExecSyncResponse probe =
                        cri.execSync(
                                server,
                                List.of(
                                        "sh",
                                        "-c",
                                        "hostname; tr '\\0' ' ' < /proc/1/cmdline; echo; exit 4"),
                                WAIT);
                exits.add(probe.getExitCode());
                outputs.add(probe.getStdout().toStringUtf8() + probe.getStderr().toStringUtf8());
                cri.stopContainer(server, Duration.ofSeconds(20));
                exits.add(awaitExit(cri, server).getExitCode());
                cri.removeContainer(server);
            } finally {
                cri.stopPodSandbox(pod);
                cri.removePodSandbox(pod);
            }
            return new Pod(handler, exits, outputs);
        }
    }

    /** Creates and starts app container {@code name} of {@code pod}: {@code sh -c script args}. */
    private static String startContainer(
            CriClient cri,
            String pod,
            PodSandboxConfig sandbox,
            String name,
            String script,
            String... args) {
        String id =
                cri.createContainer(
                        CreateContainerRequest.newBuilder()
                                .setPodSandboxId(pod)
                                .setSandboxConfig(sandbox)
                                .setConfig(
                                        ContainerConfig.newBuilder()
                                                .setMetadata(
                                                        ContainerMetadata.newBuilder()
                                                                .setName(name))
                                                .setImage(ImageSpec.newBuilder().setImage(IMAGE))
                                                .addCommand("/bin/sh")
                                                .addArgs("-c")
                                                .addArgs(script)
                                                .addAllArgs(List.of(args))
                                                .setLogPath(name + ".log"))
                                .build());
        cri.startContainer(id);
        return id;
    }

    private static ContainerStatus awaitExit(CriClient cri, String id) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        ContainerStatus st = cri.containerStatus(id).getStatus();
        while (st.getState() != ContainerState.CONTAINER_EXITED && System.nanoTime() < end) {
            Thread.sleep(100);
            st = cri.containerStatus(id).getStatus();
        }
        assertEquals(ContainerState.CONTAINER_EXITED, st.getState(), "exited in time: " + st);
        return st;
    }

    /** The lines of a CRI log file ({@code TIME STREAM TAG LINE}), in order, without the prefix. */
    private static String criLog(Path log) throws IOException {
        StringBuilder out = new StringBuilder();
        for (String l : Files.readAllLines(log)) {
            String[] f = l.split(" ", 4);
            out.append(f.length == 4 ? f[3] : l).append('\n');
        }
        return out.toString();
    }

    @Test
    void aPodOfAppContainersJoiningTheSandboxByPathSeesWhatItSeesUnderRunc() throws Exception {
        Pod theirs = runPod("runc");
        Pod ours = runPod("sluice");
        String both = "\n--- runc ---\n" + theirs + "\n--- sluice ---\n" + ours;
        System.out.println("the pods' views:" + both);
        assertEquals(
                List.of(3, 3, 4, 0),
                theirs.exits(),
                "runc's app containers ran, the probe's exec exited 4, the server stopped on"
                        + " SIGTERM"
                        + both);
        assertEquals(theirs.exits(), ours.exits(), "the same exit statuses" + both);
        assertEquals(theirs.outputs(), ours.outputs(), "the same view of the pod" + both);
        for (String line :
                List.of(
                        "probe-pod",
                        "net: the sandbox's",
                        "ipc: the sandbox's",
                        "uts: the sandbox's",
                        "pid: the sandbox's",
                        "mnt: its own",
                        "/bin/sh /pause",
                        "in the pod cgroup")) {
            assertTrue(
                    ours.outputs().subList(0, 2).stream().allMatch(o -> o.contains(line)),
                    "each app container prints \"" + line + "\"" + both);
        }
        assertEquals(
                "probe-pod\n/bin/sh /pause \n",
                ours.outputs().get(2),
                "the exec'd probe is in the pod's uts and pid namespaces" + both);
    }
}
