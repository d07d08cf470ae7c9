package dev.sluice.sentry.ioctl;

import java.util.List;

/**
 * A {@link dev.sluice.sentry.spi.DeviceProxyProvider} whose proxies dispatch on {@link
 * IoctlTable}s, which {@code sluice ioctls} lists in docs/ioctls.md. Apart from the provider
 * interface because the tables are built on the SPI's types: the SPI naming them would make the two
 * packages depend on each other.
 */
public interface IoctlTableSource {
    /** The ioctl tables this provider's proxies dispatch on. */
    List<IoctlTable> tables();
}
