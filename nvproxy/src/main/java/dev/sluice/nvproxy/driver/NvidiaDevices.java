package dev.sluice.nvproxy.driver;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The device nodes of NVIDIA GPUs: {@code /dev/nvidiactl}, {@code /dev/nvidia-uvm} and one {@code
 * /dev/nvidia<N>} per GPU, where N is the GPU's device minor (the index {@code nvidia-smi} shows on
 * a host without MIG).
 */
public final class NvidiaDevices {
    public static final String CTL = "nvidiactl";
    public static final String UVM = "nvidia-uvm";
    private static final Pattern GPU = Pattern.compile("nvidia(\\d+)");

    private NvidiaDevices() {}

    /**
     * The nodes {@code --gpus SPEC} grants: {@code all}, or a comma-separated list of GPU indices.
     *
     * @throws IllegalArgumentException naming a missing node or a malformed spec
     */
    public static List<Path> nodes(Path dev, String spec) {
        List<Path> gpus = new ArrayList<>();
        if (spec.trim().equals("all")) {
            try (Stream<Path> s = Files.list(dev)) {
                s.filter(p -> minorOf(p).isPresent())
                        .sorted((a, b) -> minorOf(a).get() - minorOf(b).get())
                        .forEach(gpus::add);
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "--gpus all: cannot list " + dev + ": " + e.getMessage());
            }
            if (gpus.isEmpty()) {
                throw new IllegalArgumentException(
                        "--gpus all: no NVIDIA GPU nodes (" + dev + "/nvidia<N>) on this host");
            }
        } else {
            String[] parts = spec.split(",");
            for (String part : parts) {
                if (!part.trim().matches("\\d{1,3}")) {
                    throw new IllegalArgumentException(
                            "--gpus: '"
                                    + part.trim()
                                    + "' is not a GPU index (use all or N[,M...])");
                }
            }
            for (String part : parts) {
                String s = part.trim();
                Path p = dev.resolve("nvidia" + Integer.parseInt(s));
                if (!Files.exists(p)) {
                    throw new IllegalArgumentException("--gpus: GPU " + s + " has no node " + p);
                }
                if (!gpus.contains(p)) {
                    gpus.add(p);
                }
            }
        }
        List<Path> nodes = new ArrayList<>();
        for (String n : new String[] {CTL, UVM}) {
            Path p = dev.resolve(n);
            if (!Files.exists(p)) {
                throw new IllegalArgumentException(
                        "--gpus: "
                                + p
                                + " does not exist (is the NVIDIA driver"
                                + (n.equals(UVM) ? "'s nvidia-uvm module" : "")
                                + " loaded?)");
            }
            nodes.add(p);
        }
        nodes.addAll(gpus);
        return nodes;
    }

    /** N for {@code /dev/nvidia<N>}. */
    public static Optional<Integer> minorOf(Path node) {
        Path name = node.getFileName();
        if (name == null) {
            return Optional.empty();
        }
        Matcher m = GPU.matcher(name.toString());
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /**
     * Opens {@code node} read-write for the sentry.
     *
     * @throws IllegalStateException naming the node and the errno
     */
    public static HostFd open(Path node) {
        byte[] path = node.toString().getBytes(StandardCharsets.UTF_8);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, path.length + 1, true);
        p.put(0, path, 0, path.length);
        int fd =
                (int)
                        Native.ret(
                                Native.LIBC.open(p.address(), Native.O_RDWR | Native.O_CLOEXEC, 0));
        if (fd < 0) {
            throw new IllegalStateException("cannot open " + node + ": " + Errno.describe(-fd));
        }
        return HostFd.adopt(fd);
    }

    /** Whether {@code node} is any NVIDIA node NVProxy mediates. */
    public static boolean isNvidiaNode(Path node) {
        Path name = node.getFileName();
        return name != null && name.toString().startsWith("nvidia");
    }
}
