package dev.sluice.rdmaproxy.driver;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which plugin serves a uverbs node: the one of its host driver ({@link
 * DriverPlugins#forHostDriver}), or the {@link GenericPlugin} where the sandbox chose it
 * explicitly, or none, and then the node is refused. {@code RdmaProxyProvider} grants by it and
 * {@code sluice rdma doctor} reports it.
 *
 * @param plugin the plugin, or null: the node is refused
 * @param hostDriver the host driver sysfs names for the node, empty when none
 * @param generic the choice about the generic plugin it was made under
 */
public record PluginChoice(RdmaDriverPlugin plugin, String hostDriver, Generic generic) {

    /** What {@link #summary} says of a refused node. */
    public static final String REFUSED = "none: refused";

    /**
     * When the generic plugin serves a node, as {@code sluice run --rdma-generic[=force]} and the
     * annotation {@code dev.sluice.rdmaproxy.generic} say.
     */
    public enum Generic {
        /** Never (the default): a node whose driver has no plugin is refused. */
        OFF("false"),
        /** For the nodes whose driver has no plugin; the others keep their own plugin. */
        FALLBACK("true"),
        /**
         * For every node, including those whose driver has a plugin: to see what a driver still
         * does through the generic plugin (rxe in the VM suite) before trusting it with another.
         */
        FORCE("force");

        private final String value;

        Generic(String value) {
            this.value = value;
        }

        /** The option's and annotation's value: {@code false}, {@code true}, {@code force}. */
        public String value() {
            return value;
        }

        /**
         * The choice a value names; null is {@link #OFF}.
         *
         * @throws IllegalArgumentException naming the values there are
         */
        public static Generic parse(String value) {
            if (value == null) {
                return OFF;
            }
            for (Generic g : values()) {
                if (g.value.equals(value.trim().toLowerCase(Locale.ROOT))) {
                    return g;
                }
            }
            throw new IllegalArgumentException(
                    "\""
                            + value
                            + "\" is not one of "
                            + Arrays.stream(values())
                                    .map(Generic::value)
                                    .collect(Collectors.joining(", ")));
        }
    }

    /** The plugin a node whose host driver is {@code hostDriver} gets under {@code generic}. */
    public static PluginChoice of(String hostDriver, Generic generic) {
        if (generic == Generic.FORCE) {
            return new PluginChoice(GenericPlugin.forHostDriver(hostDriver), hostDriver, generic);
        }
        RdmaDriverPlugin own = DriverPlugins.forHostDriver(hostDriver).orElse(null);
        if (own == null && generic == Generic.FALLBACK) {
            own = GenericPlugin.forHostDriver(hostDriver);
        }
        return new PluginChoice(own, hostDriver, generic);
    }

    public boolean refused() {
        return plugin == null;
    }

    /**
     * For reports: the plugin's name ({@code mlx5}, {@code rxe}, {@code generic}) or {@value
     * #REFUSED}.
     */
    public String summary() {
        return plugin == null ? REFUSED : plugin.name();
    }

    /**
     * One phrase on why this plugin: {@code host driver rdma_rxe}, {@code host driver irdma, which
     * has no plugin of its own}, {@code host driver rdma_rxe; forced, instead of its own rxe
     * plugin}, or for a refused node {@code host driver irdma, which has no plugin (supported:
     * mlx5_core, rdma_rxe, rxe)}.
     */
    public String reason() {
        String driver =
                hostDriver.isEmpty() ? "no host driver in sysfs" : "host driver " + hostDriver;
        if (plugin == null) {
            return driver
                    + ", which has no plugin (supported: "
                    + DriverPlugins.ALL.stream()
                            .flatMap(p -> p.hostDrivers().stream().sorted())
                            .collect(Collectors.joining(", "))
                    + ")";
        }
        if (!(plugin instanceof GenericPlugin)) {
            return driver;
        }
        return DriverPlugins.forHostDriver(hostDriver)
                .map(own -> driver + "; forced, instead of its own " + own.name() + " plugin")
                .orElse(driver + ", which has no plugin of its own");
    }
}
