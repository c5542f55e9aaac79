import { Outlet } from "react-router";
import { AboutSubnav } from "#app/components/about/about-subnav.tsx";
import { aboutNav } from "#app/content/about.ts";

/** /about and its sub-pages share the About sub-navigation. */
export default function AboutLayout() {
  return (
    <>
      <AboutSubnav label={aboutNav.label} links={aboutNav.links} />
      <Outlet />
    </>
  );
}
