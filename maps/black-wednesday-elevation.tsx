<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="black-wednesday-elevation" tilewidth="64" tileheight="56" tilecount="3" columns="3">
 <image source="black-wednesday-elevation.png" width="192" height="56" />
 <tile id="0" type="elevation">
  <properties>
   <property name="elevation" value="50" type="int" />
  </properties>
 </tile>
 <tile id="1" type="elevation">
  <properties>
   <property name="elevation" value="60" type="int" />
  </properties>
 </tile>
 <tile id="2" type="elevation">
  <properties>
   <property name="elevation" value="70" type="int" />
  </properties>
 </tile>
</tileset>
