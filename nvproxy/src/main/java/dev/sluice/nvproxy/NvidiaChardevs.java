package dev.sluice.nvproxy;

import static dev.sluice.nvproxy.abi.NvDeviceNumbers.DRIVER_NAME_PREFIX;
import static dev.sluice.nvproxy.abi.NvDeviceNumbers.NVIDIA_UVM_PRIMARY_MINOR_NUMBER;
import static dev.sluice.nvproxy.abi.NvDeviceNumbers.NVIDIA_UVM_TOOLS_MINOR_NUMBER;
import static dev.sluice.nvproxy.abi.NvDeviceNumbers.NV_MAJOR_DEVICE_NUMBER;
import static dev.sluice.nvproxy.abi.NvDeviceNumbers.NV_MINOR_DEVICE_NUMBER_CONTROL_DEVICE;
import static dev.sluice.nvproxy.abi.NvDeviceNumbers.NV_MINOR_DEVICE_NUMBER_MODESET_DEVICE;
import static dev.sluice.nvproxy.abi.NvDeviceNumbers.NV_MINOR_DEVICE_NUMBER_REGULAR_MAX;

import dev.sluice.nvproxy.driver.NvidiaDevices;
import dev.sluice.sentry.nativeio.StatLayout;
import dev.sluice.sentry.spi.CharDevice;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The host's NVIDIA char majors (195, and the dynamic ones /proc/devices names {@code nvidia...})
 * and what each NVIDIA node is ({@link NvidiaNode}), decided by device number: a node's name says
 * nothing, since a node of any name can carry an NVIDIA device number.
 *
 * @param dynamicMajors driver name by char major, for the drivers whose name begins with {@code
 *     nvidia}
 */
public record NvidiaChardevs(Map<Integer, String> dynamicMajors) {
    private static final Logger LOG = LoggerFactory.getLogger(NvidiaChardevs.class);

    /** {@code nvidia-uvm}'s name in /proc/devices (kernel-open/nvidia-uvm/uvm_common.h). */
    public static final String UVM_DRIVER = "nvidia-uvm";

    private static final Pattern GPU_NAME = Pattern.compile("nvidia\\d+");
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;

    public NvidiaChardevs {
        dynamicMajors = Map.copyOf(dynamicMajors);
    }

    /** From {@code procDevices}; without it (no NVIDIA driver loaded), only major 195 is known. */
    public static NvidiaChardevs read(Path procDevices) {
        Map<Integer, String> m = new TreeMap<>();
        try {
            boolean chars = false;
            for (String line : Files.readAllLines(procDevices)) {
                if (line.startsWith("Character devices")) {
                    chars = true;
                } else if (line.startsWith("Block devices")) {
                    chars = false;
                } else if (chars) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length == 2
                            && f[1].startsWith(DRIVER_NAME_PREFIX)
                            && f[0].matches("\\d{1,9}")) {
                        int major = Integer.parseInt(f[0]);
                        if (major != NV_MAJOR_DEVICE_NUMBER) {
                            m.put(major, f[1]);
                        }
                    }
                }
            }
        } catch (IOException e) {
            LOG.warn("nvproxy: cannot read {}: {}", procDevices, e.toString());
        }
        return new NvidiaChardevs(m);
    }

    /** The dynamic major of {@code nvidia-uvm}, or -1 when that driver is not loaded. */
    public int uvmMajor() {
        return dynamicMajors.entrySet().stream()
                .filter(e -> e.getValue().equals(UVM_DRIVER))
                .mapToInt(Map.Entry::getKey)
                .findFirst()
                .orElse(-1);
    }

    /** What char device {@code major:minor} is. */
    public NvidiaNode classify(int major, int minor) {
        if (major == NV_MAJOR_DEVICE_NUMBER) {
            if (minor == NV_MINOR_DEVICE_NUMBER_CONTROL_DEVICE) {
                return NvidiaNode.CONTROL;
            }
            if (minor == NV_MINOR_DEVICE_NUMBER_MODESET_DEVICE) {
                return NvidiaNode.MODESET;
            }
            return minor >= 0 && minor <= NV_MINOR_DEVICE_NUMBER_REGULAR_MAX
                    ? NvidiaNode.GPU
                    : NvidiaNode.UNCOVERED;
        }
        String driver = dynamicMajors.get(major);
        if (driver == null) {
            return NvidiaNode.NOT_NVIDIA;
        }
        if (driver.equals(UVM_DRIVER)) {
            return minor == NVIDIA_UVM_PRIMARY_MINOR_NUMBER
                    ? NvidiaNode.UVM
                    : minor == NVIDIA_UVM_TOOLS_MINOR_NUMBER
                            ? NvidiaNode.UVM_TOOLS
                            : NvidiaNode.UNCOVERED;
        }
        return NvidiaNode.UNCOVERED;
    }

    /** What {@code device} is; {@link NvidiaNode#NOT_NVIDIA} for null. */
    public NvidiaNode classify(CharDevice device) {
        return device == null ? NvidiaNode.NOT_NVIDIA : classify(device.major(), device.minor());
    }

    /** The driver that registered {@code major}, for messages. */
    public String driverOf(int major) {
        return major == NV_MAJOR_DEVICE_NUMBER
                ? "nvidia"
                : dynamicMajors.getOrDefault(major, "not NVIDIA's");
    }

    /**
     * What a node is by its name alone, for a path that cannot be looked at (it does not exist, so
     * it cannot be granted either; the name still tells which proxy would have to refuse it).
     */
    public static NvidiaNode classifyByName(Path node) {
        Path file = node.getFileName();
        String n = file == null ? "" : file.toString();
        if (!n.startsWith(DRIVER_NAME_PREFIX)) {
            return NvidiaNode.NOT_NVIDIA;
        }
        return switch (n) {
            case NvidiaDevices.CTL -> NvidiaNode.CONTROL;
            case "nvidia-modeset" -> NvidiaNode.MODESET;
            case UVM_DRIVER -> NvidiaNode.UVM;
            case "nvidia-uvm-tools" -> NvidiaNode.UVM_TOOLS;
            default -> GPU_NAME.matcher(n).matches() ? NvidiaNode.GPU : NvidiaNode.UNCOVERED;
        };
    }

    /**
     * The char device {@code node} is (following links), or empty when it is none or cannot be
     * read.
     */
    public static Optional<CharDevice> charDeviceOf(Path node) {
        try {
            int mode = (Integer) Files.getAttribute(node, "unix:mode");
            if ((mode & S_IFMT) != S_IFCHR) {
                return Optional.empty();
            }
            long rdev = (Long) Files.getAttribute(node, "unix:rdev");
            return Optional.of(new CharDevice(StatLayout.major(rdev), StatLayout.minor(rdev)));
        } catch (IOException
                | UnsupportedOperationException
                | IllegalArgumentException
                | ClassCastException e) {
            return Optional.empty();
        }
    }
}
